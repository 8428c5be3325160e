# Zlib as scripts use it: checksums, deflate/inflate, gzip files.
require 'zlib'

text = "Spinel compiles Ruby to C. " * 50
p Zlib.crc32, Zlib.crc32("abc"), Zlib.crc32("c", Zlib.crc32("ab")), Zlib.crc32(text)
p Zlib.adler32, Zlib.adler32("abc"), Zlib.adler32(text)

z = Zlib.deflate(text)
p z.bytesize < text.bytesize, z.encoding, z.bytes.first(2)
p Zlib.deflate("hello").bytes
p Zlib::Deflate.deflate("hello", Zlib::BEST_COMPRESSION).bytes
p Zlib::Deflate.deflate("hello", Zlib::NO_COMPRESSION).bytes
p Zlib.inflate(z) == text, Zlib::Inflate.inflate(Zlib.deflate("hello")), Zlib.inflate(z).encoding

g = Zlib.gzip(text, level: 9)
p g.bytes.first(4), g.bytes[8, 2], g.encoding
p Zlib.gunzip(g) == text

def try
  yield
rescue Zlib::Error => e
  puts "#{e.class}: #{e.message} (#{e.class.superclass})"
end
try { Zlib.inflate("garbage") }
try { Zlib.inflate(Zlib.deflate("hello world")[0, 5]) }
try { Zlib.gunzip("garbage") }
try { Zlib.gunzip("garbage that is long enough") }

path = "/tmp/spinel_zlib_#{Process.pid}.gz"
Zlib::GzipWriter.open(path) do |gz|
  gz.mtime = Time.at(1_000_000_000)
  gz.orig_name = "notes.txt"
  gz.puts "line one"
  gz.print "line ", 2, "\n"
  gz.printf("%s %d\n", "line", 3)
  gz << "last line"
  gz.write("\n", "extra\n")
end
p File.open(path, "rb") { |f| f.read }.bytes.first(10)
Zlib::GzipReader.open(path) do |gz|
  p gz.orig_name, gz.mtime.to_i
  p gz.gets, gz.lineno
  p gz.read(4)
  p gz.readlines
  p gz.eof?
  gz.rewind
  p gz.each_line.map(&:chomp)
end
p Zlib::GzipReader.open(path) { |gz| gz.read }.lines.size
File.open(path) { |f| p Zlib::GzipReader.new(f).read.bytesize }
p Zlib.gunzip(File.open(path, "rb") { |f| f.read }).split("\n")
File.delete(path)

p Zlib::GzipReader.ancestors.include?(Enumerable), Zlib::GzipFile::Error.superclass
p Zlib::BEST_SPEED, Zlib::BEST_COMPRESSION, Zlib::DEFAULT_COMPRESSION, Zlib::NO_COMPRESSION
