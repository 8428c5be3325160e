# Enumerable mixed into a user class with each
class NumberList
  include Enumerable
  def initialize(*nums)
    @nums = nums
  end

  def each
    return enum_for(:each) unless block_given?
    @nums.each { |n| yield n }
    self
  end
end

list = NumberList.new(5, 3, 8, 1, 9, 2, 8)
p list.to_a, list.sort, list.map { |x| x * 2 }, list.select(&:even?), list.reject(&:even?)
p list.min, list.max, list.minmax, list.sum, list.count, list.count(8), list.first, list.first(2)
p list.include?(9), list.member?(4), list.find { |x| x > 5 }, list.find_index(8), list.sort_by { |x| -x }
p list.inject(:+), list.reduce(1) { |a, b| a * b }, list.each_slice(3).to_a, list.each_cons(2).first(2)
p list.group_by(&:odd?), list.partition { |x| x > 4 }, list.tally, list.uniq, list.to_set.size
p list.each_with_index.to_a.last, list.each_with_object([]) { |x, a| a.unshift(x) }, list.zip(list.map(&:to_s)).first
p list.min_by { |x| (x - 6).abs }, list.max_by(2) { |x| x }, list.sort.chunk_while { |a, b| b == a + 1 }.to_a
p list.all?(Integer), list.any?(9), list.none? { |x| x > 100 }, list.one?(1), list.grep(2..5), list.grep_v(2..5)
p list.flat_map { |x| [x] * 2 }.size, list.filter_map { |x| x * 10 if x.odd? }, list.take_while { |x| x > 2 }, list.drop(5)
p list.lazy.select(&:even?).map { |x| x + 1 }.to_a, list.each_entry.to_a.size, list.to_h { |x| [x, x.to_s] }
p list.min(2), list.sum { |x| x.to_f } / list.count, list.cycle.first(9), list.chunk(&:even?).to_a.length
p list.each.next, list.sort.reverse.each_slice(2).map(&:first), list.entries == list.to_a
p list.sum(100), list.inject { |a, b| a > b ? a : b }, list.zip(1..7).to_h.keys.size
p list.is_a?(Enumerable), NumberList.include?(Enumerable), NumberList.ancestors.take(3)
