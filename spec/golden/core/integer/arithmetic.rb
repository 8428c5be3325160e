# Integer arithmetic, floor division and modulo of negatives
pairs = [[7, 2], [-7, 2], [7, -2], [-7, -2], [0, 3], [6, 3]]
pairs.each do |a, b|
  puts "#{a} / #{b} = #{a / b}, #{a} % #{b} = #{a % b}, divmod=#{a.divmod(b).inspect}, rem=#{a.remainder(b)}, fdiv=#{a.fdiv(b)}"
end
p 2 ** 10, 2 ** 0, 0 ** 0, (-2) ** 3, 2 ** -1, 4 ** 0.5
p 10.pow(3), 3.pow(100, 7), 2.pow(10, 1000)
p 12.gcd(18), 12.lcm(18), 12.gcdlcm(18), 0.gcd(5)
p -5.abs, 5.abs, -5.magnitude
p 10.div(3), -10.div(3), 10.modulo(-3), 10.0.div(3)
p 7.succ, 7.pred, 7.next
p 3.zero?, 0.zero?, 3.positive?, -3.negative?, 4.even?, 3.odd?
p 1234.digits, 1234.digits(10), 255.digits(16)
p 255.to_s(2), 255.to_s(16), 255.to_s(8), -255.to_s(36)
p 10.bit_length, 255.bit_length, -1.bit_length
p 6 & 3, 6 | 3, 6 ^ 3, ~6, 1 << 10, 1024 >> 3, -16 >> 2, 5[0], 5[1]
p 10.clamp(1, 5), 3.between?(1, 5)
p 3.14.to_i, 7.to_f, 7.to_s, 7.inspect, 65.chr, 97.ord
p 10.coerce(2.5)
p 1 <=> 2, 2 <=> 2, 3 <=> 1, (1 <=> "a")
p 1 == 1.0, 1.eql?(1.0), 1.equal?(1), 17.hash == 17.hash
p 10.ceil(-1), 15.round(-1), 25.round(-1), 14.floor(-1), -15.round(-1)
p 25.round(-1, half: :even), 35.round(-1, half: :down)
p Integer.sqrt(99), Integer.sqrt(100)
p 5.times.to_a, 3.upto(6).to_a, 6.downto(3).to_a
p 1.step(10, 3).to_a
p 100.size.positive?  # 8 on 64-bit CRuby, 4 on the wasm32 oracle
p -7.abs2 rescue p(:no)
p 1_000_000.to_s
p 12345.to_s.reverse.scan(/\d{1,3}/).join(",").reverse
p 6.allbits?(6), 6.anybits?(1), 6.nobits?(1)
p 10.pred.succ
p (1..5).reduce(:*)
begin
  1 / 0
rescue ZeroDivisionError => e
  puts "#{e.class}: #{e.message}"
end
begin
  1 % 0
rescue ZeroDivisionError => e
  puts "#{e.class}: #{e.message}"
end
p 1.0 / 0, -1 / 0.0, 0.0 / 0
p 1.fdiv(0)
begin
  1 + nil
rescue TypeError => e
  puts "#{e.class}: #{e.message}"
end
begin
  1 + "2"
rescue TypeError => e
  puts "#{e.class}: #{e.message}"
end
