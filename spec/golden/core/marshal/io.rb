# Marshal.dump to and Marshal.load from an IO-like object: several objects
# one after the other in one stream.
require "stringio"

io = StringIO.new
Marshal.dump({name: "first", list: [1, 2]}, io)
Marshal.dump("second", io)
p Marshal.dump(:third, io).equal?(io)
io.rewind
p Marshal.load(io)
p Marshal.load(io)
p Marshal.load(io)
p io.eof?
begin
  Marshal.load(io)
rescue EOFError => e
  p e.class
end
p Marshal.load(StringIO.new(Marshal.dump([1.5, "x"])))
