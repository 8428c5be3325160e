# Corpus: symbols_to_proc, object_equality
names = %i[alice bob carol]
puts names.map(&:to_s).map(&:capitalize).inspect
puts names.each_with_object({}) { |n, h| h[n] = n.length }.inspect
puts %I[a#{1} b].inspect, :"quoted sym".inspect, :a <=> :b

class Money
  attr_reader :cents
  def initialize(c) = @cents = c
  def eql?(o) = o.is_a?(Money) && cents == o.cents
  alias == eql?
  def hash = cents.hash
end
puts [Money.new(1), Money.new(1), Money.new(2)].uniq.size
puts({Money.new(5) => :five}[Money.new(5)])
