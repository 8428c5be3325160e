class Point
  attr_accessor :x, :y
  ORIGIN_NAME = "origin"
  @count = 0
  class << self
    attr_reader :count
    def origin = new(0, 0)
    def incr = @count += 1
  end
  def initialize(x, y)
    @x, @y = x, y
    self.class.incr
  end
  def +(o) = Point.new(x + o.x, y + o.y)
  def -@ = Point.new(-x, -y)
  def ==(o) = o.is_a?(Point) && x == o.x && y == o.y
  def [](i) = i == 0 ? x : y
  def []=(i, v)
    i == 0 ? (@x = v) : (@y = v)
  end
  def to_s = "(#{x}, #{y})"
  def inspect = "#<Point #{x},#{y}>"
  def origin? = self == Point.origin
end
a = Point.new(1, 2)
b = Point.new(3, 4)
puts a + b
p(-a)
p a == Point.new(1, 2)
p a != b
p a[0], a[1]
a[1] = 10
p a
puts Point::ORIGIN_NAME
p Point.origin.origin?
p Point.count
p a.frozen?
a.x += 5
p a.x
p [a, b]
puts "#{a} and #{b}"
p Point.instance_methods(false).sort.first(5)
p Point.name, Point.class, Point.superclass
p a.class, a.is_a?(Object), a.instance_of?(Point)
p Point === a, Integer === a
class Point3 < Point
  attr_reader :z
  def initialize(x, y, z)
    super(x, y)
    @z = z
  end
  def to_s = "(#{x}, #{y}, #{z})"
end
c = Point3.new(1, 2, 3)
puts c
p c.is_a?(Point), Point3.superclass, Point3.ancestors.first(2)
p Point.count
p Point3.instance_variable_get(:@count)
