# golden: ruby31
# File::Stat, File#flock and File::LOCK_* (the 3.4 oracle has no real
# file system: its stat modes and symlinks differ), so Debian ruby 3.1.
path = "/tmp/spinel_fs_#{Process.pid}"
File.write(path, "hello")
st = File.stat(path)
p st.class, st.size, st.file?, st.directory?, st.symlink?, st.mode.to_s(8), st.size?, st.zero?, st.ftype
p st.mtime.class, st.uid == Process.uid, st.ino.is_a?(Integer), st.nlink
p File.stat("/tmp").directory?, File.stat("/tmp").ftype
system("ln", "-s", path, path + ".lnk")
p File.lstat(path + ".lnk").symlink?, File.stat(path + ".lnk").symlink?
p File.stat(path) <=> File.stat(path)
File.open(path) { |f| p f.stat.size; p f.flock(File::LOCK_EX); p f.flock(File::LOCK_UN); p f.flock(File::LOCK_SH | File::LOCK_NB) }
p File::LOCK_SH, File::LOCK_EX, File::LOCK_NB, File::LOCK_UN, IO::SEEK_SET, IO::SEEK_CUR, IO::SEEK_END
begin
  File.stat("/nonexistent/x")
rescue SystemCallError => e
  p e.class, e.message
end
begin
  File.lstat("/nonexistent/y")
rescue SystemCallError => e
  p e.class, e.message
end
p File::Stat.new(path).size
File.delete(path + ".lnk"); File.delete(path)
# a second open file description sees the exclusive lock
lock = "/tmp/spinel_lock_#{Process.pid}"
File.write(lock, "")
a = File.open(lock, "r+")
b = File.open(lock, "r+")
p a.flock(File::LOCK_EX | File::LOCK_NB)
p b.flock(File::LOCK_EX | File::LOCK_NB)
p b.flock(File::LOCK_SH | File::LOCK_NB)
a.flock(File::LOCK_UN)
p b.flock(File::LOCK_EX | File::LOCK_NB)
a.close; b.close
File.delete(lock)
older = File.stat("/")
p [older, File.stat("/")].max.class
