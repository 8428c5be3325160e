# ARGF.class.new(*names): a stream over its own list of files, read across
# file boundaries by gets, getc, read(length), each_char; close, skip,
# closed?, lineno, filename, pos and rewind act on the current file.
require "tmpdir"

a = File.join(Dir.tmpdir, "spinel_argf_a_#{$$}.txt")
b = File.join(Dir.tmpdir, "spinel_argf_b_#{$$}.txt")
File.write(a, "one\ntwo\n")
File.write(b, "three\nfour\n")
begin
  s = ARGF.class.new(a, b)
  p s.argv.size, s.gets, s.lineno, File.basename(s.filename).sub(/_\d+/, "")
  p s.read(6)
  p File.basename(s.filename).sub(/_\d+/, ""), s.pos
  s.rewind
  p s.pos, s.lineno
  p s.readlines
  p s.gets, s.eof?

  s = ARGF.class.new(a, b)
  chars = +""
  while (c = s.getc)
    chars << c
  end
  p chars
  s = ARGF.class.new(a, b)
  p s.each_char.to_a.size
  s = ARGF.class.new(a, b)
  io = s.to_io
  p s.close.equal?(s), io.closed?, s.lineno
  p s.gets
  s.skip
  p s.gets
  s.close
  p s.closed?
  s = ARGF.class.new(a, b)
  p s.read
  begin
    s.readline
  rescue EOFError => e
    p e.class
  end
  p ARGF.to_s, ARGF.argv.equal?(ARGV)
ensure
  File.delete(a, b)
end
