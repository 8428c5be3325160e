# golden: ruby31
# Etc: the user and group database (the 3.4 oracle has none), uname, sysconf.
require 'etc'

pw = Etc.getpwuid
p pw.class, pw.class.superclass, pw.members
p pw.uid == Process.uid, pw.name.is_a?(String), pw.dir.is_a?(String)
p Etc.getpwnam(pw.name) == pw
p Etc.getpwuid(0).name, Etc.getpwuid(0).dir, Etc.getpwnam("root").uid
begin
  Etc.getpwnam("no_such_user_x")
rescue ArgumentError => e
  p e.message
end
begin
  Etc.getgrnam("no_such_group_x")
rescue ArgumentError => e
  p e.message
end
begin
  Etc.getpwuid(4_000_000)
rescue ArgumentError => e
  p e.message
end
g = Etc.getgrgid(0)
p g.class, g.members, g.name, g.gid, g.mem.class
p Etc.getgrnam("root").gid
p Etc.uname.keys, Etc.uname[:sysname]
p Etc.nprocessors.is_a?(Integer) && Etc.nprocessors > 0
p Etc.systmpdir, Etc.sysconfdir
p Etc.sysconf(Etc::SC_PAGESIZE), Etc::SC_PAGESIZE.class
names = []
Etc.passwd { |u| names << u.name }
p names.include?("root")
