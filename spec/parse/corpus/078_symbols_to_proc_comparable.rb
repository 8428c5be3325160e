# Corpus: symbols_to_proc, comparable, freeze_dup, yield_forms
names = %i[alice bob carol]
puts names.map(&:to_s).map(&:capitalize).inspect
puts names.each_with_object({}) { |n, h| h[n] = n.length }.inspect
puts %I[a#{1} b].inspect, :"quoted sym".inspect, :a <=> :b

class Version
  include Comparable
  attr_reader :parts
  def initialize(s) = @parts = s.split(".").map(&:to_i)
  def <=>(other) = parts <=> other.parts
  def to_s = parts.join(".")
end
vs = %w[1.2.0 1.10.1 1.9].map { Version.new(_1) }
puts vs.sort.map(&:to_s).inspect, vs.max, Version.new("2.0") > Version.new("1.99")

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

def each_pair_of(arr)
  return to_enum(:each_pair_of, arr) unless block_given?
  arr.each_slice(2) { |a, b| yield a, b }
end
each_pair_of([1, 2, 3, 4]) { |x, y| puts x * y }
puts each_pair_of([5, 6]).to_a.inspect
def twice
  yield
  yield
end
count = 0
twice { count += 1 }
puts count
def with_value = yield(10)
puts with_value { |v| v + 1 }
