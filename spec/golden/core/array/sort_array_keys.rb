# Array <=> without sends (sp_cmp_values' fast path): sort/sort_by/min/max of
# Array keys, nested Arrays, mixed element classes, user <=>, a non-Integer
# <=> result, failures, subclasses, and a redefined Array#<=>.
a = [[3, "b"], [1, "z"], [3, "a"], [2.5, "q"], [1, "a", 0], [1, "a"]]
p a.sort
p a.sort_by { |x| x }
p a.min, a.max
p [[1, [2, 3]], [1, [2, 2]], [0, [9]]].sort
begin
  [[1, "a"], [1, 2]].sort
rescue ArgumentError => e
  p e.message
end
begin
  [[1, Float::NAN], [1, 2.0]].sort
rescue ArgumentError => e
  p e.message
end
class W
  attr_reader :v
  def initialize(v) = @v = v
  def <=>(o) = v <=> o.v
  def inspect = "W#{v}"
end
p [[W.new(2), 1], [W.new(1), 5]].sort
class Z
  def <=>(o) = 0.0
  def inspect = "Z"
end
p [[Z.new, 2], [Z.new, 1]].sort
p [[2, 1], [1, 2]].sort_by { |x| x }
class Sub < Array; end
p [Sub[2], Sub[1]].sort
words = %w[pear apple fig apple kiwi fig fig]
p words.tally.sort_by { |w, c| [-c, w] }
class Array
  def <=>(o) = 0
end
p [[2], [1]].sort
p [[2], [1]].sort_by { |x| x }
