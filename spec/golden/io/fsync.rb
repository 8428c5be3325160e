# IO#fsync / fdatasync run the system call (in a blocking region); a pipe
# cannot be synced (Errno::EINVAL, as CRuby); IO#to_io.
path = "/tmp/sp_fsync_#{Process.pid}"
f = File.open(path, "w")
f.write("data")
p f.fsync, f.fdatasync
f.close
p File.read(path)
File.delete(path)
r, w = IO.pipe
begin
  w.fsync
rescue SystemCallError => e
  p e.class
end
p r.to_io.equal?(r)
