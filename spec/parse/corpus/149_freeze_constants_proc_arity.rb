# Corpus: freeze_constants, proc_arity, object_equality
module Colors
  ALL = %i[red green blue].freeze
  DEFAULT = ALL.first
  def self.valid?(c) = ALL.include?(c)
end
puts Colors::DEFAULT, Colors.valid?(:green), Colors.valid?(:pink), Colors::ALL.frozen?

pr = proc { |a, b| [a, b] }
la = lambda { |a, b| [a, b] }
puts pr.call(1).inspect, pr.call(1, 2, 3).inspect, pr.call([4, 5]).inspect
puts pr.arity, la.arity, la.lambda?, proc { |*a| a }.call(1, 2).inspect
begin
  la.call(1)
rescue ArgumentError => e
  puts e.class
end

class Money
  attr_reader :cents
  def initialize(c) = @cents = c
  def eql?(o) = o.is_a?(Money) && cents == o.cents
  alias == eql?
  def hash = cents.hash
end
puts [Money.new(1), Money.new(1), Money.new(2)].uniq.size
puts({Money.new(5) => :five}[Money.new(5)])
