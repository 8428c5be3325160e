# StringIO as scripts use it: building output, reading input line by line.
require 'stringio'

out = StringIO.new
out.puts "header"
out.print "a", "b", 1, nil, "\n"
out.printf("%05.1f|%-4s|%x\n", 3.14159, "ab", 255)
out << "appended " << 42 << "\n"
out.write("w1", "w2", 3)
out.putc "Z"
out.putc 65
out.puts [1, [2, [3]]], nil
out.puts
p out.string
p out.pos, out.string.size, out.size, out.length

io = StringIO.new("line one\nline two\r\nline three\n\npara 2a\npara 2b\n\n\n\nlast")
p io.gets
p io.lineno
p io.gets(chomp: true)
p io.gets("e")
p io.gets(4)
p io.gets(nil)
p io.gets
p io.eof?, io.eof, io.lineno
io.rewind
p io.pos, io.lineno
p io.readlines.size
io.rewind
p io.readlines(chomp: true)
io.rewind
p io.each_line("").to_a
io.rewind
p io.gets(""), io.gets("")
io.rewind
io.each_line.with_index { |l, i| print i, ":", l.inspect, "\n" if i < 3 }
p StringIO.new("a,b,c").each_line(",").map(&:chomp)
p StringIO.new("x\ny\n").each_line(chomp: true).to_a

r = StringIO.new("héllo wörld")
p r.getc, r.getc, r.pos, r.getbyte, r.read(3), r.read, r.read, r.read(1), r.getc
r.rewind
p r.read(2).encoding, r.read.encoding
r.rewind
r.ungetc("X")
p r.string, r.pos
r.getc; r.getc
r.ungetc("Q")
p r.string, r.pos, r.read
p r.each_char.to_a.size
r.rewind
p r.each_byte.first(3)
p r.readchar, r.readbyte
r.seek(-3, IO::SEEK_END)
p r.read
r.seek(2)
p r.read(2)
r.seek(1, IO::SEEK_CUR)
p r.pos
r.pos = 0
p r.read(1)

w = StringIO.new(+"hello world")
w.seek(6)
w.write("WORLD!!")
p w.string
w.pos = 20
w.write("x")
p w.string
w.truncate(5)
p w.string, w.pos
a = StringIO.new(+"start", "a")
a.write(" end")
p a.string
wr = StringIO.new(+"old contents", "w")
p wr.string
wr.write("new")
p wr.string
ro = StringIO.new("frozen".freeze)
begin
  ro.write("x")
rescue IOError => e
  p e.class, e.message
end
begin
  StringIO.new("frozen".freeze, "w")
rescue => e
  p e.class, e.message
end
c = StringIO.new("data")
c.close
p c.closed?
begin
  c.read
rescue IOError => e
  p e.message
end
d = StringIO.new(+"rw")
d.close_write
p d.closed_write?, d.closed_read?, d.closed?
p d.read
begin
  d.write("x")
rescue IOError => e
  p e.message
end
begin
  StringIO.new("").readline
rescue EOFError => e
  p e.class, e.message
end
p StringIO.new("abc").read(0), StringIO.new("").read, StringIO.new("").read(1)
begin
  StringIO.new("abc").read(-1)
rescue ArgumentError => e
  p e.message
end
buf = +""
StringIO.new("12345").read(3, buf)
p buf
p StringIO.open("block") { |s| s.read.upcase }
p StringIO.new("q").tty?, StringIO.new("q").fileno, StringIO.new("q").sync
s = StringIO.new
s.string = +"replaced"
p s.read
p StringIO.new("a\nb\n").map(&:upcase)
p StringIO.new("a\nb\n").each_line.count
