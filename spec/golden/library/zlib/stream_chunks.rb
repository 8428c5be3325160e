# Zlib streams with a block: output in 16 KiB pieces, break, pass-through after the end.
# golden: ruby31 (the WebAssembly 3.4 oracle crashes on Zlib::Deflate#deflate with a block; nothing printed here differs between 3.1 and 3.4)
def noise(n, seed) = (x = seed; Array.new(n) { x = (x * 1103515245 + 12345) & 0x7fffffff; (x >> 16) & 255 }.pack("C*"))
require 'zlib'
seed = 1
d = Zlib::Deflate.new
chunks = []
2.times { p d.deflate(noise(20000, seed += 1)) { |c| chunks << c } }
p chunks.map(&:size), d.finish.size
d2 = Zlib::Deflate.new
ch2 = []
d2.deflate(noise(20000, 7)) { |c| ch2 << c; break }
p ch2.map(&:size), d2.finish.size
out = []
p Zlib::Deflate.deflate(noise(20000, 7)) { |c| out << c }, out.map(&:size)
main_data = [120, 156, 75, 203, 207, 7, 0, 2, 130, 1, 69].pack('C*')
z = Zlib::Inflate.new
res = z.inflate(main_data * 2)
p res, z.finish
z = Zlib::Inflate.new
p (main_data * 2).each_byte.map { |b| z.inflate(b.chr) }.join, z.finish
i = Zlib::Inflate.new
i.inflate([120, 156, 99, 96, 128, 1, 0, 0, 10, 0, 1].pack('C*'))
i.finish
o = i.inflate('uncompressed_data'); o << i.finish; p o
i << 'uncompressed_data' << nil
p i.finish
big = Zlib.deflate("x" * 100000)
parts = []
p Zlib::Inflate.inflate(big) { |c| parts << c.size }, parts
p Zlib.zlib_version.class, Zlib::ASCII
