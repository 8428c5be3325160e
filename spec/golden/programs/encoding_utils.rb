# Encoding utilities written in Ruby: run-length encoding, base64, hex dump, caesar/vigenere, checksums
module RLE
  def self.encode(s) = s.chars.chunk_while { |a, b| a == b }.map { |g| "#{g.size}#{g.first}" }.join
  def self.decode(s) = s.scan(/(\d+)(\D)/).map { |n, c| c * n.to_i }.join
end

module B64
  ALPHA = [*"A".."Z", *"a".."z", *"0".."9", "+", "/"].join

  def self.encode(str)
    bytes = str.bytes
    out = +""
    bytes.each_slice(3) do |chunk|
      n = chunk.size
      v = (chunk + [0] * (3 - n)).inject(0) { |acc, b| (acc << 8) | b }
      4.times { |i| out << (i <= n ? ALPHA[(v >> (18 - 6 * i)) & 63] : "=") }
    end
    out
  end

  def self.decode(s)
    s = s.delete("=")
    bits = s.chars.map { |c| ALPHA.index(c).to_s(2).rjust(6, "0") }.join
    bits.scan(/.{8}/).map { |b| b.to_i(2) }.pack("C*").force_encoding("UTF-8")
  end
end

def hexdump(data)
  data.bytes.each_slice(16).with_index.map do |row, i|
    hex = row.map { |b| format("%02x", b) }.each_slice(8).map { |h| h.join(" ") }.join("  ")
    ascii = row.map { |b| (32..126).cover?(b) ? b.chr : "." }.join
    format("%08x  %-48s |%s|", i * 16, hex, ascii)
  end
end

def caesar(s, k) = s.gsub(/[a-z]/) { |c| ((c.ord - 97 + k) % 26 + 97).chr }.gsub(/[A-Z]/) { |c| ((c.ord - 65 + k) % 26 + 65).chr }

def vigenere(s, key, dir = 1)
  ki = 0
  s.gsub(/[A-Za-z]/) do |c|
    base = c =~ /[a-z]/ ? 97 : 65
    shift = (key[ki % key.size].downcase.ord - 97) * dir
    ki += 1
    ((c.ord - base + shift) % 26 + base).chr
  end
end

def adler32(s)
  a = 1
  b = 0
  s.each_byte do |byte|
    a = (a + byte) % 65_521
    b = (b + a) % 65_521
  end
  (b << 16) | a
end

def crc32(s)
  crc = 0xFFFFFFFF
  s.each_byte do |byte|
    crc ^= byte
    8.times { crc = crc.odd? ? (crc >> 1) ^ 0xEDB88320 : crc >> 1 }
  end
  crc ^ 0xFFFFFFFF
end

%w[aaabbbcccd WWWWWWWWWWWWBWWWWWWWWWWWWBBBWWWWWWWWWWWWWWWWWWWWWWWWBWWWWWWWWWWWWWW abc].each do |s|
  e = RLE.encode(s)
  puts "#{s[0, 20]}... -> #{e} -> ok=#{RLE.decode(e) == s}"
end
["", "f", "fo", "foo", "foob", "fooba", "foobar", "Spinel ❤ Ruby"].each do |s|
  enc = B64.encode(s)
  puts format("%-16s %-24s %s %s", s.inspect, enc, enc == [s].pack("m0"), B64.decode(enc) == s)
end
puts hexdump("Hello, Spinel!\n\x00\x01\x02\xff binary \t tail ✓".b)
msg = "Attack at Dawn, retreat at Dusk!"
p caesar(msg, 3), caesar(caesar(msg, 3), -3) == msg, caesar(msg, 13)
v = vigenere(msg, "lemon")
p v, vigenere(v, "lemon", -1)
p adler32("Wikipedia"), format("%08x", crc32("The quick brown fox jumps over the lazy dog")), crc32("")
p ["ff00aa"].pack("H*").bytes, "\x01\x02".unpack1("n"), [1, 2, 3].pack("C*").unpack("C*"), [65, 66].pack("U*")
p "hello world".unpack("a5 x a5"), [1].pack("N").bytes, [258].pack("v").bytes
