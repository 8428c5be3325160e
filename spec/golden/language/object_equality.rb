class V
  attr_reader :n
  def initialize(n) = @n = n
  def ==(o) = o.class == V && n == o.n
end
a, b = V.new(1), V.new(1)
p a == b, a != b, a.equal?(b), a.eql?(b)
p [a].include?(b), [a].index(b), [a] == [b]
p [a, b].uniq.size
p 1 == 1.0, 1.eql?(1.0), 1.equal?(1), "a" == "a", "a".equal?("a")
p :a.equal?(:a), nil == false, [] == [], {} == {}
p (1..3) == (1..3), [1, [2]] == [1, [2]]
class W
  include Comparable
  attr_reader :n
  def initialize(n) = @n = n
  def <=>(o) = n <=> o.n
end
p W.new(1) == W.new(1), W.new(1).equal?(W.new(1))
p [W.new(3), W.new(1)].min.n
p 1.object_id == 1.object_id, "x".object_id == "x".object_id
p nil.to_a, nil.to_s, nil.inspect
o = Object.new
p o == o, o.eql?(o), o.hash == o.hash
