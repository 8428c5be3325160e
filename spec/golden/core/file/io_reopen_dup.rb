# IO#reopen with an IO (the descriptor number kept, class taken) and with a
# path and mode; IO#dup gets its own descriptor (closing it leaves the
# original open).
# golden: ruby31  (the WebAssembly oracle cannot dup descriptors)
path = "/tmp/spinel_golden_io_reopen.txt"
path2 = path + "2"
File.write(path2, "line1\nline2\nline3\n")
saved = $stdout.dup
$stdout.reopen(path, "w")
puts "into the file"
$stdout.flush
$stdout.reopen(saved)
saved.close
puts "back: #{File.read(path).inspect}"
f = File.new(path2)
g = File.new(path)
p f.gets
d = f.dup
p d.gets, f.fileno != d.fileno
d.close
p f.closed?
g.reopen(f)
p g.gets, g.lineno, g.path == path2
p g.class
io, wr = IO.pipe
wr.close
io.reopen(File.new(path2))
p io.class, io.read
w = File.new(path, "w")
w.reopen(path2, "r")
p w.read
r = File.new(path2)
r.reopen(path)
p r.read
begin
  File.new(path2).reopen("/nonexistent/dir/x")
rescue SystemCallError => e
  puts e.class
end
begin
  $stdout.reopen
rescue ArgumentError => e
  puts e.message
end
File.delete(path, path2)
