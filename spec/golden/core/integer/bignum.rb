# Bignum: promotion on overflow, arithmetic, printing
max = 2**62 - 1
p max, max + 1, (max + 1).class
p 4611686018427387903 + 1
p 9223372036854775807 + 1
p -(2**63) - 1
a = 2**100
p a
p a + 1, a - 1, a * a, a / 3, a % 7, -a / 3, -a % 7
p a.divmod(12345678901)
p (-a).divmod(12345678901)
p a.to_s(16), a.to_s(2).length, a.digits.size
p 10**30 / 10**28
p (10**30).to_s.size
p 123456789 * 987654321 * 111111111
p (2**64).bit_length
p 2**64 & (2**64 - 1), 2**64 | 1, (2**65) >> 3, 1 << 70
p (3**50).gcd(3**20 * 7)
p 100.downto(1).reduce(:*).to_s.size
fact = (1..30).inject(:*)
p fact
p fact / (1..28).inject(:*)
p (2**100).fdiv(2**99)
p (2**100).to_f
p 2**100 == 2.0**100, 2**100 > 1.0e29, (2**100 <=> 2**101)
p (2**64).even?, (2**64 + 1).odd?
p (2**64).hash == (2**64).hash
p Integer.sqrt(10**40)
p (10**20).pow(3, 10**9 + 7)
p -(2**70)
p (-(2**70)).abs
p (2**70) - (2**70) + 5, ((2**70) - (2**70) + 5).class
fib = [0, 1]
100.times { fib << fib[-1] + fib[-2] }
p fib[100]
p fib.last
p "%d" % (2**80), "%x" % (2**80)
p Integer("123456789012345678901234567890")
p "98765432109876543210".to_i * 2
p 12345678901234567890.digits.first(3)
p (2**100).to_s.chars.map(&:to_i).sum
