# Corpus: classes, multiple_assignment, while_until, operators
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

i = 0
while i < 3
  i += 1
  next if i == 2
  puts "while #{i}"
end
j = 10
until j <= 7
  j -= 1
end
puts j
k = 0
begin
  k += 1
end while k < 5
puts k
n = 0
n += 1 until n >= 4
puts n
loop do
  n -= 1
  break if n.zero?
end
puts n
for a, b in [[1, 2], [3, 4]] do puts a + b end
for q in 1..3
  redo_guard = q
end
puts redo_guard

a = 7
b = 3
puts a / b, a % b, a ** b, -a ** 2, a.fdiv(b).round(3), a <=> b, a & b, a | b, a ^ b, ~a, a << 2, a >> 1
puts !true, (not false), (a > b and b > 0), (a < b or b == 3)
c = nil
c ||= 10
c &&= c + 1
c += 1
c -= 2
c *= 3
c /= 2
c **= 2
puts c
puts 10.divmod(3).inspect, (-7).abs, 2**100, 0x1F + 0b11 + 0o7 + 1_000
