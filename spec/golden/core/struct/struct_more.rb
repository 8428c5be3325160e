# Struct: members/values_at/each/select, ==/eql? across classes, to_s in interpolation, block-defined methods, keyword_init false
Pair = Struct.new(:left, :right) do
  include Comparable
  def <=>(o) = to_a <=> o.to_a
  def swap = Pair.new(right, left)
  def to_s = "<#{left}|#{right}>"
end
ps = [Pair.new(2, "b"), Pair.new(1, "z"), Pair.new(2, "a")]
p ps.sort.map(&:to_a), ps.max, ps.min.swap, ps.map(&:to_s)
puts "pair: #{ps.first}"
p Pair.new(1, 2).values_at(1, 0), Pair.new(1, 2).each.to_a, Pair.new(3, 4).filter_map { |v| v * 2 if v > 3 }
p Pair.new(1, 2) == Pair.new(1, 2), Pair.new(1, 2).eql?(Pair.new(1.0, 2)), Pair.new(1, 2) == Pair.new(1.0, 2)
Other = Struct.new(:left, :right)
p Pair.new(1, 2) == Other.new(1, 2), Pair.new(1, 2).to_a == Other.new(1, 2).to_a
s = Pair.new(1, [2])
t = s.dup
t.right << 3
t.left = 9
p s, t
h = Pair.new(1, 2).to_h { |k, v| [k.to_s, v * 10] }
p h, Pair.members, Pair.new.to_a, Pair.new(nil, nil) == Pair.new
Point3 = Struct.new(:x, :y, :z) do
  def self.origin = new(0, 0, 0)
  def +(o) = Point3.new(*to_a.zip(o.to_a).map(&:sum))
end
p Point3.origin + Point3.new(1, 2, 3) + Point3.new(1, 1, 1), Point3.new(1, 2, 3).sum, Point3.new(3, 1, 2).sort
row = Struct.new(:id, :name, :score)
rows = [[3, "c", 70], [1, "a", 90], [2, "b", 80]].map { |r| row.new(*r) }
p rows.sort_by(&:score).map(&:name), rows.sum(&:score), rows.max_by(&:score).name, rows.find { _1.id == 2 }.to_a
p rows.map(&:to_a).transpose, rows.group_by { |r| r.score >= 80 }.transform_values { |v| v.map(&:id) }
KW = Struct.new(:a, :b, keyword_init: true)
p KW.new(a: 1), KW.members, KW.keyword_init?
p Pair.keyword_init?
