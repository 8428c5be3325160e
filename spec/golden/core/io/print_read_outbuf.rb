# IO#print: $, between the arguments and $\ after them; gets(0) is ""; read(length, outbuf) fills or clears outbuf; readlines(0) raises; closed-stream IOErrors; IO.new takes options only as keywords; a read String has default_external when the IO sets no encoding.
require "tmpdir"
path = File.join(Dir.tmpdir, "spinel_print_read_#{$$}.txt")
begin
$, = "^^"
$\ = "->\n"
print "a", "b"
$, = nil
$\ = nil
File.write(path, "one\ntwo\n")
f = File.open(path)
p f.gets(0)
buf = +"zzzzzzzzzz"
p f.read(3, buf), buf
p f.read(10, buf), buf
p f.read(10, buf), buf
begin; f.readlines(0); rescue ArgumentError => e; p e.message; end
f.close
begin; f.fileno; rescue IOError => e; p e.message; end
begin; IO.new(1, "w", {}) ; rescue ArgumentError => e; p e.message; end
Encoding.default_external = "ISO-8859-1"
p File.open(path) { |x| x.gets.encoding }
ensure
  File.delete(path) if File.exist?(path)
end
