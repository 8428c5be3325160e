Point = Struct.new(:x, :y) do
  def dist2 = x * x + y * y
  def to_s = "(#{x}, #{y})"
end
a = Point.new(3, 4)
p a, a.x, a[1], a[:y], a.to_a, a.dist2
puts a
a.x = 10
p a
p a == Point.new(10, 4), a.eql?(Point.new(10, 4))
h = { a => 1 }
p h[Point.new(10, 4)]
x, y = *a
p [x, y]
P3 = Struct.new(:x, :y, :z, keyword_init: true)
p P3.new(x: 1, y: 2, z: 3)
Pair = Struct.new(:l, :r)
p Pair.new(1), Pair.members
begin
  Pair.new(1, 2, 3)
rescue ArgumentError => e
  puts e.message
end
p Pair.new(1, 2).each.to_a
case Pair.new(:a, :b)
in [l, r] then p [l, r]
end
case Point.new(1, 2)
in {x:, y:} then p x + y
end
