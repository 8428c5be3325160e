# ==, eql?, equal?, hash for user classes used in Hash keys, uniq, Set, include?, Array#-
require "set"
class Pt
  attr_reader :x, :y
  def initialize(x, y) = (@x, @y = x, y)
  def ==(o) = o.is_a?(Pt) && x == o.x && y == o.y
  alias eql? ==
  def hash = [x, y].hash
  def to_s = "(#{x},#{y})"
  def inspect = "Pt#{self}"
end
class NoHash
  attr_reader :v
  def initialize(v) = @v = v
  def ==(o) = o.is_a?(NoHash) && v == o.v
end
a = Pt.new(1, 2)
b = Pt.new(1, 2)
c = Pt.new(2, 1)
p a == b, a.eql?(b), a.equal?(b), a.hash == b.hash, a != c
p [a, b, c].uniq, {a => :first}[b], [a, c].include?(b), [a, b, c] - [b], [a, b, c].count(a), [a, c].index(b)
p Set[a, b, c].size, [a, b, c].tally, [a, b, c].group_by(&:itself).keys
n1 = NoHash.new(1)
n2 = NoHash.new(1)
p n1 == n2, [n1, n2].uniq.size, [n1].include?(n2), {n1 => 1}.key?(n2), [n1, n2].count(n1)
p 1 == 1.0, 1.eql?(1.0), 1.hash == 1.0.hash, "a" == :a, :a == :a, nil == false, [] == [], {} == {}
p [1, [2, 3]] == [1, [2, 3]], [1, 2].eql?([1, 2]), {a: [1]} == {a: [1]}, 1.equal?(1), "s".equal?("s")
p [Pt.new(0, 0), Pt.new(0, 0)].to_set.size, [[1, 2], [1, 2]].uniq, {[1, 2] => 3}[[1, 2]]
