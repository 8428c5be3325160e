# Corpus: each_cons_zip, state_machine, catch_throw
nums = [3, 1, 4, 1, 5, 9, 2, 6]
puts nums.each_cons(3).map { |a, b, c| a + b + c }.max
puts nums.zip(nums.rotate).map { |a, b| a - b }.inspect
puts nums.group_by(&:odd?).inspect
puts nums.chunk_while { |a, b| b == a + 1 }.to_a.inspect
puts nums.tally.select { |_, c| c > 1 }.keys.inspect
puts nums.minmax.inspect, nums.sum.fdiv(nums.size)

class Light
  TRANSITIONS = {green: :yellow, yellow: :red, red: :green}.freeze
  attr_reader :state
  def initialize = @state = :green
  def next! = @state = TRANSITIONS.fetch(@state)
  def to_s = "Light(#{state})"
end
l = Light.new
4.times { l.next! }
puts l

r = catch(:found) do
  [[1, 2], [3, 4]].each do |row|
    row.each { |v| throw :found, v * 100 if v == 3 }
  end
  :none
end
puts r
