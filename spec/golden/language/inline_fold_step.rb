# Inlined inject/reduce/sum with a block, Integer#step and Range#each over
# fixnums (codegen/emit/inline_each.c): values, empty receivers, next/break,
# Float/Bignum/Rational sums, the run-time fallbacks and redefinitions.
a = [3, 1, 4, 1, 5, 9, 2, 6]
p a.inject { |s, x| s + x }
p a.inject(10) { |s, x| s * 2 + x }
p a.reduce(1) { |m, x| x > m ? x : m }
p [].inject { |s, x| s + x }
p [].inject(7) { |s, x| s + x }
p [42].inject { |s, x| raise "no" }
p a.inject { |s| s }
p a.inject { |s, x| next s if x.odd?; s + x * 100 }
p a.inject(0) { |s, x| break s if x > 4; s + x }
p a.inject { |s, x| "#{s}-#{x}" }
p a.sum { |x| x * 2 }
p a.sum(0.5) { |x| x }
p a.sum { |x| x.to_f / 3 }
p [0.1, 0.2, 0.3].sum { |x| x }
p [1, 2**62, 2**62, 3].sum { |x| x }
p [1, 2, 3].sum { |x| x == 2 ? 0.1 : x }
p [1, 2, 3].sum { |x| Rational(x, 3) }
p [1, 2, 3].sum(10) { |x| next 100 if x == 2; x }
p [1, 2, 3].sum { |x| break :b if x == 3; x }
p [].sum { |x| x }
p ["a", "b"].sum("") { |x| x * 2 }
r = []
1.step(10, 3) { |i| r << i }
10.step(1, -4) { |i| r << i }
1.step(3) { |i| r << i }
5.step(1) { |i| r << i }
1.step(2, 0.5) { |i| r << i }
p r
p 1.step(7, 2) { |i| }
begin
  1.step(5, 0) { |i| }
rescue ArgumentError => e
  p e.message
end
r = []
(1..4).each { |i| r << i }
(1...4).each { |i| r << i }
(5..1).each { |i| r << i }
(-2..0).each { |j| r << j * 10 }
("a".."c").each { |s| r << s }
p r
p((1..3).each { |i| })
p((1..3).each { |i| break i * 7 if i == 2 })
x = 0
(1..10).each do |i|
  next if i.even?
  x += i
end
p x
def tot(n) = (1..n).each { |i| return i if i > 2 }
p tot(5)
class Foo < Array
  def inject(*) = :mine
  def sum(*) = :mysum
end
f = Foo.new([1, 2])
p f.inject { |s, x| s + x }
p f.sum { |x| x }
class Integer
  def step(*) = :st
end
p 1.step(3) { |i| }
class Range
  def each = :re
end
p((1..3).each { |i| })
