# Corpus: threads, linked_list, modules
results = []
lock = Mutex.new
workers = 4.times.map do |i|
  Thread.new(i) do |n|
    v = (1..1000).sum * n
    lock.synchronize { results << v }
  end
end
workers.each(&:join)
puts results.sort.inspect
q = Queue.new
producer = Thread.new { 3.times { |i| q << i }; q << :done }
consumed = []
while (item = q.pop) != :done
  consumed << item
end
producer.join
puts consumed.inspect

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

module Greeter
  DEFAULT = "Hello"
  def self.greet(name, greeting: DEFAULT) = "#{greeting}, #{name}!"
  module Loud
    def shout(s) = s.upcase + "!"
  end
end
include Greeter::Loud
puts Greeter.greet("Ann"), Greeter.greet("Bob", greeting: "Hi")
puts shout("hey")
puts Greeter::DEFAULT.length
