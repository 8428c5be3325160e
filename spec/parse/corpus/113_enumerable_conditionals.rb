# Corpus: enumerable, conditionals
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

x = 15
puts "fizzbuzz" if x % 15 == 0
puts "not ten" unless x == 10
result = if x > 10 then "big" elsif x > 5 then "mid" else "small" end
puts result
msg = unless x.odd? then "even" else "odd" end
puts msg
puts (x > 10 && x < 20) ? "teen" : "no"
puts [1, nil, false, 0, ""].map { |v| v ? "t" : "f" }.join
