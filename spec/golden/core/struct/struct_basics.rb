# Struct: positional, keyword_init, block methods, to_a, ==, inspect
Point = Struct.new(:x, :y)
a = Point.new(1, 2)
p a, a.x, a[:y], a[1], a["x"], a.to_a, a.to_h, a.members, Point.members, a.size, a.values
puts a.to_s, a.inspect
a.x = 10
a[:y] = 20
p a, a == Point.new(10, 20), a.eql?(Point.new(10, 20)), a.equal?(Point.new(10, 20)), a.hash == Point.new(10, 20).hash
p Point.new(1), Point.new
begin
  Point.new(1, 2, 3)
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
begin
  a[:z]
rescue NameError => e
  puts "#{e.class}: #{e.message}"
end
begin
  a[5]
rescue IndexError => e
  puts "#{e.class}: #{e.message}"
end
KW = Struct.new(:name, :age, keyword_init: true)
k = KW.new(name: "Ann", age: 30)
p k, k.name, k.to_h
begin
  KW.new(nom: 1)
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
Mixed = Struct.new(:a, :b)
p Mixed.new(a: 1, b: 2)
Vec = Struct.new(:x, :y) do
  def +(o) = Vec.new(x + o.x, y + o.y)
  def length = Math.sqrt(x * x + y * y)
  def to_s = "(#{x}, #{y})"
end
v = Vec.new(3, 4) + Vec.new(0, 0)
p v, v.length
puts "v=#{v}"
p v.each.to_a, v.each_pair.to_a, v.select(&:odd?), v.sum rescue p $!
x, y = *v
p x, y
h = {v => "vec"}
p h[Vec.new(3, 4)]
p [Point.new(2, 1), Point.new(1, 5), Point.new(1, 2)].sort_by(&:to_a).map(&:to_a)
p Point.new(1, 2).deconstruct, Point.new(1, 2).deconstruct_keys([:x])
case Point.new(0, 7)
in [0, y1]
  puts "on y axis at #{y1}"
end
case Point.new(3, 3)
in {x:, y:} if x == y
  puts "diagonal #{x}"
end
p Point.new(1, [2, 3]).dig(:y, 0), Point.superclass, Point.new(1, 2).frozen?
Struct.new("Named", :q) rescue nil
p Struct::Named.new(1) rescue p $!.class
class Pair < Struct.new(:left, :right)
  def swap = Pair.new(right, left)
end
p Pair.new(1, 2).swap, Pair.ancestors.include?(Struct)
