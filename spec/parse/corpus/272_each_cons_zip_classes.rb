# Corpus: each_cons_zip, classes, modules
nums = [3, 1, 4, 1, 5, 9, 2, 6]
puts nums.each_cons(3).map { |a, b, c| a + b + c }.max
puts nums.zip(nums.rotate).map { |a, b| a - b }.inspect
puts nums.group_by(&:odd?).inspect
puts nums.chunk_while { |a, b| b == a + 1 }.to_a.inspect
puts nums.tally.select { |_, c| c > 1 }.keys.inspect
puts nums.minmax.inspect, nums.sum.fdiv(nums.size)

class Point
  attr_reader :x, :y
  def initialize(x, y)
    @x, @y = x, y
  end
  def +(other) = Point.new(x + other.x, y + other.y)
  def -@ = Point.new(-x, -y)
  def ==(o) = o.is_a?(Point) && x == o.x && y == o.y
  def to_s = "(#{x}, #{y})"
  def [](i) = i.zero? ? x : y
end
a = Point.new(1, 2)
b = Point.new(3, 4)
puts a + b, -a, a == Point.new(1, 2), a[0], a[1]

module Greeter
  DEFAULT = "Hello"
  def self.greet(name, greeting: DEFAULT) = "#{greeting}, #{name}!"
  module Loud
    def shout(s) = s.upcase + "!"
  end
end
include Greeter::Loud
puts Greeter.greet("Ann"), Greeter.greet("Bob", greeting: "Hi")
puts shout("hey")
puts Greeter::DEFAULT.length
