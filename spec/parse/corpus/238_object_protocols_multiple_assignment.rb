# Corpus: object_protocols, multiple_assignment
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
