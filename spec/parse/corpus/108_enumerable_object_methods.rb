# Corpus: enumerable, object_methods
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

o = Object.new
o.instance_variable_set(:@secret, 42)
puts o.instance_variable_get(:@secret), o.instance_variables.inspect
puts 5.send(:+, 3), 5.public_send(:*, 2), [1, 2].method(:push).arity
puts 1.is_a?(Comparable), Integer === 3, 3.instance_of?(Integer), nil.to_a.inspect
puts defined?(foo).inspect, defined?(puts), defined?(String), defined?(@zz).inspect
