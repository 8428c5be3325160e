class Vec
  attr_reader :x, :y
  def initialize(x, y) = (@x, @y = x, y)
  def +(o) = Vec.new(x + o.x, y + o.y)
  def -(o) = Vec.new(x - o.x, y - o.y)
  def *(k) = k.is_a?(Vec) ? x * k.x + y * k.y : Vec.new(x * k, y * k)
  def -@ = Vec.new(-x, -y)
  def +@ = self
  def ==(o) = o.is_a?(Vec) && x == o.x && y == o.y
  def [](i) = [x, y][i]
  def <<(o) = Vec.new(x + o, y + o)
  def !() = x.zero? && y.zero?
  def =~(o) = (x - o.x).abs < 1
  def call(n) = Vec.new(x * n, y)
  def to_s = "<#{x},#{y}>"
  def coerce(n) = [Vec.new(n, n), self]
  def <=>(o) = (x**2 + y**2) <=> (o.x**2 + o.y**2)
  def to_proc = ->(v) { v * x }
end
a, b = Vec.new(1, 2), Vec.new(3, 4)
puts a + b, a - b, a * 3, -a, +a
p a * b, a == Vec.new(1, 2), a != b
p a[0], a[1]
puts a << 10
p !Vec.new(0, 0), !a
p a =~ Vec.new(1.5, 9)
puts a.(5)
p [1, 2].map(&a)
p [b, a].min.to_s, [a, b].sort { |p, q| q <=> p }.first.to_s
c = a
c += b
puts c
p 1 == 1 ? :eq : :ne
