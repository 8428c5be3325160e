# user-defined operators: + - * / == <=> [] []= << unary -@ +@ ! ~ % ** call to_proc each coerce
class Vec
  include Enumerable
  attr_reader :xs
  def initialize(*xs) = @xs = xs
  def +(o) = Vec.new(*xs.zip(o.xs).map { _1 + _2 })
  def -(o) = self + -o
  def -@ = Vec.new(*xs.map(&:-@))
  def +@ = self
  def *(k) = k.is_a?(Vec) ? xs.zip(k.xs).sum { _1 * _2 } : Vec.new(*xs.map { _1 * k })
  def /(k) = Vec.new(*xs.map { _1.fdiv(k) })
  def %(m) = Vec.new(*xs.map { _1 % m })
  def **(n) = Vec.new(*xs.map { _1**n })
  def ==(o) = o.is_a?(Vec) && xs == o.xs
  def [](i) = xs[i]
  def []=(i, v)
    xs[i] = v
  end
  def <<(v) = (xs << v; self)
  def ! = xs.all?(&:zero?)
  def ~ = Vec.new(*xs.reverse)
  def each(&) = xs.each(&)
  def call(i) = xs[i] * 10
  def to_proc = ->(i) { xs[i] }
  def coerce(n) = [Vec.new(*[n] * xs.size), self]
  def to_s = "Vec(#{xs.join(', ')})"
  def inspect = to_s
  def length = Math.sqrt(self * self)
end
a = Vec.new(1, 2, 3)
b = Vec.new(4, 5, 6)
p a + b, a - b, -a, +a, a * 2, a * b, b / 2, b % 4, a**2, a == Vec.new(1, 2, 3), a != b
p a[1], (a[1] = 20), a, a << 4, !a, !Vec.new(0, 0), ~a, a.(0), [0, 1].map(&a), a.sort.reverse, a.max, a.sum
p 3 * Vec.new(1, 1) rescue p $!.class
p Vec.new(3, 4).length, a.include?(20), a.map { _1 + 1 }, a.select(&:even?), a.first(2), a.to_a
x = Vec.new(1, 1)
x += Vec.new(1, 2)
x *= 3
p x
class Money
  include Comparable
  attr_reader :cents
  def initialize(c) = @cents = c
  def <=>(o) = cents <=> o.cents
  def +(o) = Money.new(cents + o.cents)
  def to_s = format("$%.2f", cents / 100.0)
  def hash = cents.hash
  def eql?(o) = o.is_a?(Money) && cents == o.cents
end
ms = [Money.new(500), Money.new(125), Money.new(500)]
p ms.sort.map(&:to_s), ms.sum(Money.new(0)).to_s, ms.max.to_s, ms.uniq.size, ms.min == Money.new(125), ms.minmax.map(&:to_s)
