# File.write/read/exist?/readlines/foreach/basename/dirname/join
dir = "/tmp/spinel_golden_file_io"
Dir.mkdir(dir) unless Dir.exist?(dir)
path = File.join(dir, "data.txt")
p File.write(path, "line one\nline two\nline three\n")
p File.exist?(path), File.file?(path), File.directory?(dir), File.size(path), File.zero?(path)
p File.read(path)
p File.readlines(path), File.readlines(path, chomp: true)
File.foreach(path) { |l| print "> ", l }
p File.foreach(path).map(&:length)
File.open(path, "a") { |f| f.puts "appended"; f.write("more", "\n"); f.print("x", "y", "\n") }
p File.read(path).lines.last(3)
File.open(path) do |f|
  p f.gets, f.readline, f.read(4), f.eof?, f.readlines.size, f.eof?, f.gets
end
p File.basename("/a/b/c.rb"), File.basename("/a/b/c.rb", ".rb"), File.basename("c.tar.gz", ".*"), File.extname("x/y.txt"), File.extname("noext")
p File.dirname("/a/b/c.rb"), File.dirname("c.rb"), File.join("a", "b", "c"), File.join("a/", "/b"), File.split("/x/y/z")
p File.expand_path("b", "/a"), File.absolute_path("/a/../b") rescue p $!
f = File.new(path, "w")
f << "fresh" << 1
f.close
p File.read(path), f.closed?
p File.open(path, "r") { |io| io.each_char.first(3) }
File.delete(path)
p File.exist?(path)
begin
  File.read(path)
rescue Errno::ENOENT => e
  puts "#{e.class}: #{e.message}"
end
p File.open(File.join(dir, "lines.txt"), "w") { |io| 3.times { |i| io.puts "row #{i}" }; :done }
p IO.readlines(File.join(dir, "lines.txt"), chomp: true)
File.delete(File.join(dir, "lines.txt"))
p Dir.children(dir).sort
Dir.rmdir(dir)
p Dir.exist?(dir)
