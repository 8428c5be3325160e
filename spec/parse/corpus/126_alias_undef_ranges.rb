# Corpus: alias_undef, ranges, each_cons_zip
class Str2 < String
  alias_method :old_upcase, :upcase
  alias shout upcase
  def upcase = "UP:" + old_upcase
  undef_method :downcase rescue nil
end
s2 = Str2.new("hi")
puts s2.upcase, s2.shout
class Tmp
  def a = 1
  def b = 2
  undef b
end
puts Tmp.new.respond_to?(:b)

r = (1..10)
puts r.step(3).to_a.inspect, (1...10).size, ('a'..'e').to_a.join
puts (1..).first(3).inspect
arr = (0..9).to_a
puts arr[2..4].inspect, arr[..2].inspect, arr[7..].inspect, arr[-3..-1].sum
puts r.include?(5), (1.0..2.0).cover?(1.5)

nums = [3, 1, 4, 1, 5, 9, 2, 6]
puts nums.each_cons(3).map { |a, b, c| a + b + c }.max
puts nums.zip(nums.rotate).map { |a, b| a - b }.inspect
puts nums.group_by(&:odd?).inspect
puts nums.chunk_while { |a, b| b == a + 1 }.to_a.inspect
puts nums.tally.select { |_, c| c > 1 }.keys.inspect
puts nums.minmax.inspect, nums.sum.fdiv(nums.size)
