class Node
  attr_accessor :value, :next_node
  def initialize(v, n = nil) = (@value, @next_node = v, n)
end
list = Node.new(1, Node.new(2))
p list.next_node&.value
p list.next_node&.next_node&.value
p list&.next_node&.next_node&.next_node
x = nil
p x&.length
p x&.length.nil?
p "abc"&.length
h = {a: {b: nil}}
p h[:a]&.[](:b)&.upcase
p h.dig(:a, :b)
calls = 0
y = nil
y&.foo(calls += 1)
p calls
z = "q"
z&.concat("r")
p z
n = nil
p n&.then { 1 }
p [1, nil, 3].map { |e| e&.succ }
v = nil
p(v&.size || "default")
