class Key
  attr_reader :a, :b
  def initialize(a, b) = (@a, @b = a, b)
  def ==(o) = o.is_a?(Key) && a == o.a && b == o.b
  alias eql? ==
  def hash = [a, b].hash
  def inspect = "K(#{a},#{b})"
end
h = {}
h[Key.new(1, 2)] = :first
h[Key.new(1, 2)] = :second
h[Key.new(2, 1)] = :third
p h.size
p h[Key.new(1, 2)]
p h.key?(Key.new(2, 1))
p [Key.new(1, 1), Key.new(1, 1), Key.new(2, 2)].uniq
p [Key.new(1, 1)].include?(Key.new(1, 1))
class Plain; end
x = Plain.new
h2 = {x => 1}
p h2[x], h2[Plain.new]
p 1.eql?(1), 1.eql?(1.0), 1 == 1.0
p({1 => :int, 1.0 => :float}.size)
p "a".hash == "a".hash
p [1, 2].hash == [1, 2].hash
p({[1, 2] => :arr}[[1, 2]])
str_key = "k"
hh = {str_key => 1}
str_key << "!"
p hh, hh.keys.first.frozen?
p Key.new(1, 2).eql?(Key.new(1, 2)), Key.new(1, 2).equal?(Key.new(1, 2))
