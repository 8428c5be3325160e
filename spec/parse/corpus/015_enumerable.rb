# Corpus: enumerable
class NumberBag
  include Enumerable
  def initialize(*nums) = @nums = nums
  def each(&block)
    return enum_for(:each) unless block
    @nums.each(&block)
    self
  end
end
bag = NumberBag.new(5, 3, 8, 1)
puts bag.sort.inspect, bag.min, bag.include?(3), bag.each_slice(2).map(&:sum).inspect
puts bag.reduce(:+), bag.sort_by { -_1 }.first, bag.partition(&:odd?).inspect
