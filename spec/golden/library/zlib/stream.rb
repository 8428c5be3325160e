# Streaming Zlib::Deflate / Zlib::Inflate: pieces, flush modes, levels, raw and gzip window bits, dictionaries, errors.
require 'zlib'
d = Zlib::Deflate.new
p d.deflate("abc").bytes
p d.deflate("")
d << "hello " << "world"
p d.deflate("!", Zlib::SYNC_FLUSH).bytesize
out = d.finish
p out.bytesize, out.encoding
p d.finished?, d.closed?, d.total_in, d.total_out, d.adler, d.data_type
d.close
p d.closed?
begin; d.deflate("x"); rescue => e; p [e.class, e.message]; end
s = Zlib::Deflate.new(Zlib::BEST_COMPRESSION).then { |z| r = z.deflate("a" * 1000); r << z.finish; z.close; r }
p s.bytesize, Zlib::Inflate.inflate(s) == "a" * 1000
i = Zlib::Inflate.new
r = i.inflate(s[0, 5])
p r
r << i.inflate(s[5..])
p r.size, i.finished?, i.total_in, i.total_out
p i.finish
i.close
raw = Zlib::Deflate.new(9, -Zlib::MAX_WBITS)
rd = raw.deflate("raw data", Zlib::FINISH)
p rd.bytes
p Zlib::Inflate.new(-Zlib::MAX_WBITS).inflate(rd)
gz = Zlib::Deflate.new(Zlib::DEFAULT_COMPRESSION, Zlib::MAX_WBITS + 16)
g = gz.deflate("gzip me", Zlib::FINISH)
p g[0, 3].bytes, Zlib.gunzip(g)
p Zlib::Inflate.new(Zlib::MAX_WBITS + 32).inflate(g)
begin; Zlib::Inflate.new.inflate("garbage!"); rescue => e; p [e.class, e.message]; end
i2 = Zlib::Inflate.new
i2 << s[0, 10]
begin; p i2.finish; rescue => e; p [e.class, e.message]; end
p Zlib::Deflate.new.flush, Zlib::NO_FLUSH, Zlib::SYNC_FLUSH, Zlib::FULL_FLUSH, Zlib::FINISH, Zlib::DEF_MEM_LEVEL, Zlib::MAX_MEM_LEVEL, Zlib::FILTERED, Zlib::HUFFMAN_ONLY, Zlib::RLE, Zlib::FIXED, Zlib::DEFAULT_STRATEGY
z = Zlib::Deflate.new
chunks = []
%w[alpha beta gamma].each { |w| chunks << z.deflate(w * 50) }
chunks << z.finish
p chunks.map(&:bytesize), Zlib.inflate(chunks.join)
i3 = Zlib::Inflate.new
p chunks.join.each_char.map { |c| i3.inflate(c) }.join.size
p i3.inflate(nil) rescue p $!
d3 = Zlib::Deflate.new; d3.set_dictionary("hello world"); c3 = d3.deflate("hello world hello", Zlib::FINISH)
i4 = Zlib::Inflate.new
begin; i4.inflate(c3); rescue Zlib::NeedDict => e; p e.class; i4.set_dictionary("hello world"); p i4.inflate(""); end
p Zlib::Deflate.new.deflate(nil) rescue p $!
p Zlib::Deflate.new(10) rescue p $!
p Zlib::ZStream.instance_methods(false).include?(:total_out), Zlib::Deflate.ancestors.include?(Zlib::ZStream)

# compress a document in 4 KiB pieces, then inflate it in odd-sized pieces
doc = (1..2000).map { |i| "line #{i}: #{'x' * (i % 37)}\n" }.join
def_stream = Zlib::Deflate.new(Zlib::BEST_SPEED)
packed = +""
doc.scan(/.{1,4096}/m) { |piece| packed << def_stream.deflate(piece) }
packed << def_stream.finish
def_stream.close
p doc.bytesize, packed.bytesize < doc.bytesize / 3, Zlib.inflate(packed) == doc
inf = Zlib::Inflate.new
restored = +""
pos = 0
[1, 7, 100, 999, 5000].cycle do |n|
  break if pos >= packed.bytesize
  restored << inf.inflate(packed.byteslice(pos, n))
  pos += n
end
restored << inf.finish
p restored == doc, inf.finished?, inf.total_out == doc.bytesize
inf.close

# data after the end of a stream is kept, not inflated
tail = Zlib.deflate("first") + "TRAILER"
i5 = Zlib::Inflate.new
p i5.inflate(tail), i5.finished?, i5.flush_next_in
i5.reset
p i5.inflate(Zlib.deflate("again")), i5.finished?
i6 = Zlib::Inflate.new
p i6.inflate(Zlib.deflate("x")), i6.inflate("more"), i6.flush_next_out, i6.finish
