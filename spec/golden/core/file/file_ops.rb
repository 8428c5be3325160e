# golden: ruby31
# File class methods on paths (utime, chmod, links, truncate, umask,
# ftype, predicates), File#chmod/#truncate/#mtime, IO.copy_stream, and a
# `return` from a File.open / Dir.chdir / IO.pipe block (an ensure in C).
# Expected output from Debian's ruby 3.1 (real file system); 3.4 prints the same.
require 'stringio'
d = File.join(Dir.pwd, "spinel_file_ops_#{Process.pid}")
Dir.mkdir(d)
begin
  f = File.join(d, "a.txt")
  File.write(f, "hello world\n")
  p File.utime(Time.at(1_000_000_000), Time.at(1_200_000_000, 500, :usec), f)
  p File.atime(f).to_i, File.mtime(f).to_i, File.mtime(f).usec
  p File.utime(10, 20.5, f), File.atime(f).to_i, File.mtime(f).to_f
  p File.chmod(0600, f), File.stat(f).mode.to_s(8)
  p File.world_readable?(f), File.world_writable?(f)
  File.chmod(0644, f)
  p File.world_readable?(f), File.world_writable?(f)
  p File.symlink(f, File.join(d, "l")), File.readlink(File.join(d, "l")) == f
  p File.ftype(File.join(d, "l")), File.ftype(f), File.ftype(d)
  p File.link(f, File.join(d, "h")), File.identical?(f, File.join(d, "h")), File.stat(f).nlink
  p File.identical?(f, File.join(d, "nope"))
  p File.truncate(f, 5), File.read(f)
  p File.pipe?(f), File.socket?(f), File.chardev?("/dev/null"), File.blockdev?(f)
  p File.setuid?(f), File.setgid?(f), File.sticky?(f), File.owned?(f), File.grpowned?(f)
  p File.readable_real?(f), File.writable_real?(f), File.executable_real?(f)
  old = File.umask(027)
  p File.umask
  File.umask(old)
  File.open(f, "r+") do |io|
    p io.chmod(0640), File.stat(f).mode & 0777
    p io.truncate(2), File.size(f)
    p io.mtime.class, io.atime.class, io.ctime.class
  end
  p File.mkfifo(File.join(d, "fifo")), File.pipe?(File.join(d, "fifo")), File.ftype(File.join(d, "fifo"))
  [-> { File.utime(nil, nil, File.join(d, "nope")) },
   -> { File.chmod(0644, File.join(d, "nope")) },
   -> { File.symlink(f, File.join(d, "l")) },
   -> { File.link(File.join(d, "nope"), File.join(d, "x")) },
   -> { File.readlink(f) },
   -> { File.truncate(File.join(d, "nope"), 0) },
   -> { File.ftype(File.join(d, "nope")) },
   -> { File.utime("x", nil, f) }].each do |l|
    l.call
  rescue SystemCallError, TypeError => e
    puts "#{e.class}: #{e.message.sub(d, "D").sub(d, "D")}"
  end

  File.write(f, "0123456789")
  dst = File.join(d, "b.txt")
  p IO.copy_stream(f, dst), File.read(dst)
  p IO.copy_stream(f, dst, 4), File.read(dst)
  p IO.copy_stream(f, dst, 3, 5), File.read(dst)
  out = StringIO.new
  File.open(f) { |src| p IO.copy_stream(src, out), out.string }
  p IO.copy_stream(StringIO.new("abc"), dst), File.read(dst)

  def first_line(path)
    File.open(path) { |io| return io.gets }
  end
  p first_line(f)
  def in_dir(dir)
    Dir.chdir(dir) { return Dir.pwd == dir }
  end
  p in_dir(d), Dir.pwd == d
  def pipe_once
    IO.pipe { |r, w| w.write("x"); w.close; return r.read }
  end
  p pipe_once
  r = [1, 2].each { |i| File.open(f) { break i * 10 } }
  p r
ensure
  Dir.children(d).each { |e| File.unlink(File.join(d, e)) }
  Dir.rmdir(d)
end
p File.exist?(d)
