# Dir and File operations in a private /tmp directory: mkdir, glob, rename, stat-like queries, each_line
base = "/tmp/spinel_golden_dir_ops"
Dir.mkdir(base) unless Dir.exist?(base)
%w[a.txt b.txt c.log].each_with_index { |n, i| File.write(File.join(base, n), "file #{n}\n" * (i + 1)) }
Dir.mkdir(File.join(base, "sub")) unless Dir.exist?(File.join(base, "sub"))
File.write(File.join(base, "sub", "d.txt"), "deep\n")
p Dir.children(base).sort, Dir.glob(File.join(base, "*.txt")).map { |f| File.basename(f) }.sort
p Dir.glob("**/*.txt", base: base).sort, Dir.entries(base).reject { |e| e.start_with?(".") }.sort
p Dir.exist?(base), File.directory?(File.join(base, "sub")), File.file?(File.join(base, "sub"))
p File.size(File.join(base, "b.txt")), File.size?(File.join(base, "nope")), File.exist?(File.join(base, "c.log"))
File.rename(File.join(base, "c.log"), File.join(base, "c.txt"))
p Dir.children(base).sort
File.open(File.join(base, "a.txt")) do |f|
  f.each_line.with_index(1) { |line, n| print n, ": ", line }
end
File.open(File.join(base, "b.txt"), "r") { |f| p f.readline, f.lineno, f.read.size }
File.open(File.join(base, "new.txt"), "w+") do |f|
  f.write("abc\ndef\n")
  f.rewind
  p f.read, f.pos
  f.seek(4)
  p f.gets
end
p File.readlines(File.join(base, "new.txt"), chomp: true), File.read(File.join(base, "new.txt"), 3)
counts = Dir.glob(File.join(base, "**", "*")).select { |f| File.file?(f) }.map { |f| [File.basename(f), File.readlines(f).size] }.sort
p counts
Dir.glob(File.join(base, "**", "*")).sort.reverse.each { |f| File.directory?(f) ? Dir.rmdir(f) : File.delete(f) }
Dir.rmdir(base)
p Dir.exist?(base)
begin
  Dir.rmdir(base)
rescue SystemCallError => e
  puts e.class
end
