# Fixnum -> Bignum promotion and back, floor division, pow, to_s/digits
max = 2**62 - 1
p max, max + 1, (max + 1).class, (max + 1) - 1, -max - 2
p 2**64, 2**100, -(2**100), (2**100) / 3, (2**100) % 7, -(2**100) / 7, -(2**100) % 7
p 3037000500 * 3037000500, 12345678901234567890 * 98765432109876543210
p (2**100).to_s(16), (2**70).digits.size, 255.to_s(2), -255.to_s(16)
p 10.divmod(3), -10.divmod(3), 10.divmod(-3), -7 / 2, -7 % 2, 7.fdiv(2), 7.remainder(-2)
p 2**-1 == 0.5 || true, 0**0, 10.pow(20, 7), 3.pow(200, 1000), Integer.sqrt(10**20), Integer.sqrt(99)
p 100.gcd(75), 12.lcm(18), 1 << 70, (1 << 70) >> 69, -1 >> 10, 5 & 3, 5 | 3, 5 ^ 3, ~5, 6[1], 6[0]
p (2**64).bit_length, 255.bit_length, 1234.digits, 20.downto(17).to_a, 1.step(10, 4).to_a
p 10.clamp(1, 5), 3.between?(1, 5), 1 <=> 2, 2 <=> 2.0, 1 == 1.0, 1.eql?(1.0), 1.hash == 1.0.hash
p 1234567.round(-2), 1250.round(-2), -1250.round(-2), 1299.floor(-2), 1201.ceil(-2), 15.round(-1, half: :even)
p (2**64).even?, (2**64 + 1).odd?, (2**64).zero?, -(2**64).abs, (2**64).coerce(1)
begin
  1 / 0
rescue ZeroDivisionError => e
  puts "#{e.class}: #{e.message}"
end
begin
  1 + "a"
rescue TypeError => e
  puts "#{e.class}: #{e.message}"
end
begin
  1 + nil
rescue TypeError => e
  puts "#{e.class}: #{e.message}"
end
begin
  1 < "a"
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
begin
  Integer("abc")
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
p Integer("0x1f"), Integer("0b101"), Integer("0o17"), Integer(" 42 "), Integer("1_000"), Integer("ff", 16), Integer(3.99)
p "12abc".to_i, "0x1f".to_i(16), "z".to_i(36), "-42".to_i, " 7".to_i, "1_0".to_i, "abc".to_i
p 65.chr, 97.ord, 300.chr(Encoding::UTF_8) rescue p $!
