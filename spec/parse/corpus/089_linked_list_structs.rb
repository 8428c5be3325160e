# Corpus: linked_list, structs, procs_lambdas, constants_scope
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

square = ->(x) { x * x }
add = lambda { |a, b = 1| a + b }
shout = proc { |s| s.to_s.upcase }
compose = square >> ->(v) { v + 1 }
puts square.(4), add[2], add.call(2, 3), shout.call(:hi), compose.call(3)
def run_block
  yield 1, 2
end
puts run_block { |a, b| a + b }
counter = 0
inc = proc { counter += 1 }
3.times(&inc)
puts counter

module Outer
  LIMIT = 10
  class Inner
    def limit = LIMIT
    def top = ::TOP_LEVEL
  end
end
TOP_LEVEL = :top
puts Outer::Inner.new.limit, Outer::Inner.new.top, Outer::LIMIT, Outer.const_get(:LIMIT)
