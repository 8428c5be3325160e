# Corpus: case_when, object_equality, hashes
def classify(x)
  case x
  when Integer, Float then "number"
  when /^\d+$/ then "digits"
  when String, Symbol then "text"
  when nil then "nil"
  when 1..5 then "unreachable"
  when ->(v) { v.respond_to?(:each) } then "enumerable"
  else "other"
  end
end
puts classify(1), classify("12"), classify("ab"), classify(nil), classify([1]), classify(Object.new)

class Money
  attr_reader :cents
  def initialize(c) = @cents = c
  def eql?(o) = o.is_a?(Money) && cents == o.cents
  alias == eql?
  def hash = cents.hash
end
puts [Money.new(1), Money.new(1), Money.new(2)].uniq.size
puts({Money.new(5) => :five}[Money.new(5)])

inventory = {apple: 3, "banana" => 5, pear: 0}
inventory[:kiwi] = 7
inventory.delete(:pear)
inventory.each_pair { |k, v| puts "#{k}=#{v}" }
puts inventory.select { |_, v| v > 4 }.keys.inspect
puts inventory.transform_values { _1 * 2 }.values.sum
defaults = {color: "red", size: 1}
opts = {**defaults, size: 3}
puts opts.inspect
puts opts.fetch(:weight, "none"), opts.dig(:color)
