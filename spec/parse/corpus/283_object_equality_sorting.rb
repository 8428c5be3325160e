# Corpus: object_equality, sorting, freeze_dup
class Money
  attr_reader :cents
  def initialize(c) = @cents = c
  def eql?(o) = o.is_a?(Money) && cents == o.cents
  alias == eql?
  def hash = cents.hash
end
puts [Money.new(1), Money.new(1), Money.new(2)].uniq.size
puts({Money.new(5) => :five}[Money.new(5)])

people = [["bob", 25], ["al", 30], ["cy", 25]]
puts people.sort_by { |n, a| [a, n] }.map(&:first).join(",")
puts people.sort { |a, b| b[1] <=> a[1] }.first.inspect
puts people.max_by { _2 }.first rescue puts "err"
puts people.min_by(2) { |_, a| a }.inspect
puts %w[pear Apple fig].sort_by(&:downcase).inspect, [3, 1, 2].sort.reverse.inspect

# frozen_string_literal: false
s = "abc"
t = s.dup
t << "d"
puts s, t, s.frozen?
FROZEN = %w[x y].freeze
puts FROZEN.frozen?
begin
  FROZEN << "z"
rescue => e
  puts e.class
end
