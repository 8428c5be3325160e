# Corpus: classes, linked_list, structs
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

class Node
  attr_accessor :value, :next_node
  def initialize(value, next_node = nil)
    @value = value
    @next_node = next_node
  end
end
class LinkedList
  include Enumerable
  def initialize = @head = nil
  def push(v)
    node = Node.new(v)
    if @head.nil?
      @head = node
    else
      cur = @head
      cur = cur.next_node while cur.next_node
      cur.next_node = node
    end
    self
  end
  alias << push
  def each
    cur = @head
    while cur
      yield cur.value
      cur = cur.next_node
    end
  end
end
ll = LinkedList.new
ll << 3 << 1 << 2
puts ll.to_a.inspect, ll.sort.inspect, ll.map { _1 * 2 }.inspect

Pair = Struct.new(:left, :right) do
  def sum = left + right
end
pr = Pair.new(1, 2)
puts pr.sum, pr.to_a.inspect, pr.left
Coord = Struct.new(:lat, :lng, keyword_init: true)
c = Coord.new(lat: 1.5, lng: -2.25)
puts c.lat, c.lng
