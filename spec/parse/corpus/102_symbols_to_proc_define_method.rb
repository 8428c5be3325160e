# Corpus: symbols_to_proc, define_method, object_protocols, classes
names = %i[alice bob carol]
puts names.map(&:to_s).map(&:capitalize).inspect
puts names.each_with_object({}) { |n, h| h[n] = n.length }.inspect
puts %I[a#{1} b].inspect, :"quoted sym".inspect, :a <=> :b

class Meta
  %w[alpha beta].each_with_index do |nm, i|
    define_method("#{nm}?") { i.even? }
    define_method(:"#{nm}_value") { |mult = 1| (i + 1) * mult }
  end
end
m = Meta.new
puts m.alpha?, m.beta?, m.beta_value(10), m.respond_to?(:alpha_value)
puts Meta.instance_methods(false).sort.inspect

class Temperature
  attr_reader :deg
  def initialize(d) = @deg = d
  def to_s = "#{deg}°"
  def inspect = "#<Temp #{deg}>"
  def coerce(n) = [Temperature.new(n), self]
  def +(o) = Temperature.new(deg + (o.is_a?(Temperature) ? o.deg : o))
  def to_proc = ->(x) { x + deg }
end
t = Temperature.new(20)
puts t, t.inspect, (t + 5).deg, (5 + t).deg, [1, 2].map(&t).inspect

class Point
  attr_reader :x, :y
  def initialize(x, y)
    @x, @y = x, y
  end
  def +(other) = Point.new(x + other.x, y + other.y)
  def -@ = Point.new(-x, -y)
  def ==(o) = o.is_a?(Point) && x == o.x && y == o.y
  def to_s = "(#{x}, #{y})"
  def [](i) = i.zero? ? x : y
end
a = Point.new(1, 2)
b = Point.new(3, 4)
puts a + b, -a, a == Point.new(1, 2), a[0], a[1]
