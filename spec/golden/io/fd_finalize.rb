# golden: ruby31
# Files and pipes dropped without close are closed by the collector (as
# CRuby's GC does): the count of /proc/self/fd stays bounded after
# GC.start.  A File still open at exit is flushed.
def fd_count
  Dir.children("/proc/self/fd").size
end

path = "/tmp/sp_fd_finalize_#{Process.pid}"
File.write(path, "0123456789")
base = fd_count
bytes = 0
3000.times do
  f = File.open(path)
  bytes += f.read(2).bytesize
end
500.times do
  r, w = IO.pipe
  w.write "x"
  bytes += r.read(1).bytesize
end
GC.start
after = fd_count
puts "read #{bytes} bytes"
puts "fds bounded after GC.start: #{after - base < 200}"

# a process ulimit far below the number of files opened: running out of
# fds collects the dropped ones instead of raising Errno::EMFILE
pid = fork do
  Process.setrlimit(:NOFILE, 64)
  n = 0
  2000.times { File.open(path) { |_| }; File.open(path); n += 1 }
  puts "child opened #{n} files under a limit of 64"
end
Process.wait(pid)
puts "child exit #{$?.exitstatus}"

# an unclosed File's buffer is written when the process exits
out = path + ".out"
pid = fork do
  f = File.open(out, "w")
  f.write "written at exit"
end
Process.wait(pid)
puts File.read(out)
File.delete(path, out)

# Process.getrlimit / setrlimit (the child above used it)
cur, max = Process.getrlimit(:NOFILE)
puts cur <= max, Process.getrlimit(Process::RLIMIT_NOFILE) == [cur, max]
begin
  Process.getrlimit(:FOO)
rescue ArgumentError => e
  puts e.message
end
