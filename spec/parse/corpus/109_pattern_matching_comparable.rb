# Corpus: pattern_matching, comparable, classes, multiple_assignment
def describe(v)
  case v
  in Integer => n if n > 100 then "big #{n}"
  in Integer | Float => n then "num #{n}"
  in [] then "empty"
  in [x] then "one #{x}"
  in [x, *rest] then "many #{x} #{rest.size}"
  in {name: String => nm, age: Integer => age} then "#{nm}/#{age}"
  in {type: :circle, r:} then "circle #{r}"
  else "?"
  end
end
puts describe(500), describe(2.5), describe([]), describe([1]), describe([1, 2, 3])
puts describe({name: "Al", age: 3}), describe({type: :circle, r: 2}), describe("x")
config = {db: {user: "admin", port: 5432}}
config => {db: {user:}}
puts user
puts((1 in Integer))

class Version
  include Comparable
  attr_reader :parts
  def initialize(s) = @parts = s.split(".").map(&:to_i)
  def <=>(other) = parts <=> other.parts
  def to_s = parts.join(".")
end
vs = %w[1.2.0 1.10.1 1.9].map { Version.new(_1) }
puts vs.sort.map(&:to_s).inspect, vs.max, Version.new("2.0") > Version.new("1.99")

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

a, b, c = 1, 2
puts [a, b, c].inspect
first, *middle, last = [1, 2, 3, 4, 5]
puts first, middle.inspect, last
(x, y), z = [1, 2], 3
puts x + y + z
a, b = b, a
puts a, b
h, = [9, 8]
puts h
def pair = [:l, :r]
l, r = pair
puts l, r
