# golden: ruby31
# (the 3.4 WebAssembly oracle has no real file system: its modes are 0)
# Tempfile compiled from the installed tempfile.rb.
require 'tempfile'
t = Tempfile.new("spinel")
p File.basename(t.path).start_with?("spinel"), File.exist?(t.path), File.stat(t.path).mode & 0777
t.write("hello\n")
t.puts "world"
t.flush
p File.read(t.path)
t.rewind
p t.read, t.size
path = t.path
t.close
p File.exist?(path), t.closed?
t.unlink
p File.exist?(path), t.path
t2 = Tempfile.new(["base", ".txt"])
p File.extname(t2.path), File.basename(t2.path).start_with?("base")
t2.close!
p t2.path
r = Tempfile.create("blk") { |f| f.write("abc"); f.rewind; [f.read, f.class, File.exist?(f.path)] }
p r
Tempfile.open("o") { |f| f.print("x"); f.flush; p File.size(f.path) }
f = Tempfile.create("c")
p f.class
File.unlink(f.path)
f.close
# A Tempfile left open is removed at exit by its finalizer
# (ObjectSpace.define_finalizer runs the remaining finalizers at exit).
$left = Tempfile.new("left")
at_exit { p File.exist?($left.path) }
