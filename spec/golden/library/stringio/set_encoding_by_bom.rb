# StringIO#set_encoding_by_bom (UTF-8/16/32 marks, incomplete marks, the
# string re-tagged only when writable) and read's result in the external
# encoding.
require 'stringio'
["\u{FEFF}abc".b, "\xFF\xFEabc".b, "\xFE\xFFabc".b, "\xFF\xFE\x00\x00abc".b, "\x00\x00\xFE\xFFabc".b, "\xFF\xFE\x00a".b,
 "\xEF\xBB".b, "abc".b, "".b, "\x00\x00\xFE".b].each do |str|
  io = StringIO.new(str, "rb")
  r = io.set_encoding_by_bom
  p [r, io.external_encoding, io.read.b, io.pos]
end
s = "\u{FEFF}hi".b
io = StringIO.new(s, "rb"); io.set_encoding_by_bom; p s.encoding
io = StringIO.new(s); io.set_encoding_by_bom; p s.encoding, io.read, io.read.encoding
p StringIO.new("".b, "wb").set_encoding_by_bom
p StringIO.new("".freeze).set_encoding_by_bom
begin; StringIO.new.freeze.set_encoding_by_bom; rescue => e; p e.class; end
p StringIO.new("\xFF".b).read.encoding, StringIO.new("x").read.encoding
