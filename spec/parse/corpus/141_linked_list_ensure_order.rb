# Corpus: linked_list, ensure_order, then_tap
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

def steps
  out = []
  begin
    out << 1
    return out
  ensure
    out << 2
  end
end
puts steps.inspect
def nested
  yield
rescue ZeroDivisionError
  "rescued in method"
end
puts nested { 1 / 0 }

puts 5.then { _1 * 3 }
v = [3, 1, 2].tap { |a| puts "before sort #{a.size}" }.sort
puts v.inspect
puts 10.clamp(1, 5), 4.between?(1, 5), 7.pred.succ
