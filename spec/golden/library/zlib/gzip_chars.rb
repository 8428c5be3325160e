# Zlib::GzipReader character and byte reading, ungetc/ungetbyte, readpartial.
require 'zlib'
require 'stringio'

gz_data = Zlib.gzip("12345abcdeŷž\n")
gz = Zlib::GzipReader.new(StringIO.new(gz_data))
p gz.getc, gz.getc, gz.pos, gz.getbyte
gz.ungetc("x")
p gz.pos, gz.read(3)
gz.ungetc("ŷ")
p gz.pos, gz.getc
gz.ungetbyte(65)
p gz.pos, gz.getc
p gz.each_char.to_a
p gz.getc, gz.pos
gz.rewind
p gz.each_byte.first(3), gz.pos
gz.rewind
bytes = []
gz.each_byte { |b| bytes << b }
p bytes.size, gz.eof?
gz.rewind
p gz.readpartial(5), gz.readpartial(100, +"buf")
begin
  gz.readpartial(1)
rescue EOFError => e
  p e.class
end
gz.ungetc(0x263A)
p gz.read
gz.close
