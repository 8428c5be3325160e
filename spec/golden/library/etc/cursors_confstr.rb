# golden: ruby31
# Etc: the get*ent/set*ent/end*ent cursors, confstr and the CS_*/SC_* names,
# the RuntimeError of a nested passwd/group iteration (the flag is cleared
# when the block raises or breaks), IO::NULL (etc specs use it).
require 'etc'
p Etc.confstr(Etc::CS_PATH).class
begin; Etc.confstr(-1); rescue SystemCallError => e; p e.class; end
p Etc.sysconf(Etc::SC_VERSION).class, Etc::SC_STREAM_MAX.class
p Etc.passwd.class; Etc.endpwent
p Etc.group.class; Etc.endgrent
Etc.setpwent; a = Etc.getpwent; Etc.setpwent; b = Etc.getpwent; p a == b; Etc.endpwent
p Etc.getgrent.class; Etc.endgrent
begin
  Etc.group { |g| Etc.group { } }
rescue RuntimeError => e
  p e.message
end
n = 0
Etc.group { |g| n += 1 }
p n > 0
begin
  Etc.passwd { |u| raise "stop" }
rescue => e
  p e.message
end
Etc.passwd { |u| break }
p :ok
p IO::NULL, IO::NULL.equal?(File::NULL)
