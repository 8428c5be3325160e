# Corpus: case_when, linked_list, symbols_to_proc
def classify(x)
  case x
  when Integer, Float then "number"
  when /^\d+$/ then "digits"
  when String, Symbol then "text"
  when nil then "nil"
  when 1..5 then "unreachable"
  when ->(v) { v.respond_to?(:each) } then "enumerable"
  else "other"
  end
end
puts classify(1), classify("12"), classify("ab"), classify(nil), classify([1]), classify(Object.new)

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

names = %i[alice bob carol]
puts names.map(&:to_s).map(&:capitalize).inspect
puts names.each_with_object({}) { |n, h| h[n] = n.length }.inspect
puts %I[a#{1} b].inspect, :"quoted sym".inspect, :a <=> :b
