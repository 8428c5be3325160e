a = 2**62 - 1
p a + 1, a * 2, -a - 10
p 4611686018427387903 + 1
p (-7) / 2, 7 / -2, -7 % 3, 7 % -3, -7.0 / 2
p 7.fdiv(2), 2**10, 2**-1, 10.divmod(3), -10.divmod(3)
p 1.5 + 2, 2 + 1.5, 0.1 + 0.2, 1e20.to_i, 3.0 * 2
p 5 <=> 3, 5 == 5.0, 5.eql?(5.0), 5.equal?(5)
x = 0
1_000_000.times { |i| x += i }
p x
big = 1
30.times { big *= 1000 }
p big, big / 7, big % 1000, big > 10**80
p 10.0 / 3, 10 / 3.0, 1 / 0.0, -1 / 0.0
begin
  1 / 0
rescue ZeroDivisionError => e
  puts e.message
end
p 0.1 * 3, 1.1 - 1.0, 3.14.round(1), 2.5.round, 3.5.round
p Integer === 2**100, (2**100).class
p 5.between?(1, 10), 5.clamp(1, 3)
p -5.abs, 5.pred, 5.succ, 6.gcd(4), 6.lcm(4)
i = 10
i -= 1 while i > 3
p i
p 1 < 2 && 2 < 3, !(1 > 2)
p 3 & 5, 3 | 5, 3 ^ 5, ~3, 1 << 10, 1024 >> 3
