class NumberList
  include Enumerable
  def initialize(*nums) = @nums = nums
  def each
    return enum_for(:each) unless block_given?
    @nums.each { |n| yield n }
    self
  end
end
l = NumberList.new(5, 3, 8, 1, 9, 2)
p l.sort
p l.map { |x| x * 2 }
p l.select(&:even?)
p l.reject(&:even?)
p l.inject(:+)
p l.reduce(1) { |a, b| a * b }
p l.min, l.max, l.sum
p l.sort_by { |x| -x }
p l.first, l.first(2)
p l.include?(8), l.include?(7)
p l.each_slice(2).to_a
p l.each_with_index.map { |x, i| x * i }
p l.group_by(&:odd?)
p l.partition { |x| x > 4 }
p l.min_by { |x| (x - 4).abs }
p l.count(&:odd?)
p l.to_a
p l.each_cons(3).to_a.length
p l.find { |x| x > 5 }
p l.find_index(8)
p l.zip(l.map { |x| x + 1 }).first(2)
p l.tally
p l.each_with_object([]) { |x, acc| acc.unshift(x) }
p l.sum { |x| x * 10 }
p l.minmax
p l.lazy.map { |x| x * 3 }.select(&:even?).first(2)
p l.entries.length
p l.uniq.size
p l.chunk_while { |a, b| b == a + 1 }.to_a
class Tree
  include Enumerable
  def initialize(v, l = nil, r = nil) = (@v, @l, @r = v, l, r)
  def each(&b)
    @l&.each(&b)
    b.call(@v)
    @r&.each(&b)
  end
end
t = Tree.new(5, Tree.new(3, Tree.new(1)), Tree.new(8, nil, Tree.new(9)))
p t.to_a
p t.select(&:odd?)
p t.max
