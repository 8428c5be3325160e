# Corpus: memo, comparable_sort
class Fibber
  def initialize = @memo = {0 => 0, 1 => 1}
  def [](n) = @memo[n] ||= self[n - 1] + self[n - 2]
end
puts Fibber.new[80]
cache = Hash.new { |h, k| h[k] = k * k }
puts cache[12], cache.size

Card = Struct.new(:rank, :suit) do
  include Comparable
  RANKS = %w[2 3 4 5 6 7 8 9 10 J Q K A].freeze
  def <=>(o) = RANKS.index(rank) <=> RANKS.index(o.rank)
  def to_s = "#{rank}#{suit}"
end
hand = [Card.new("K", "h"), Card.new("3", "s"), Card.new("A", "d")]
puts hand.sort.join(" "), hand.max.to_s, hand.min_by(&:itself)
