# Corpus: comparable sort
Card = Struct.new(:rank, :suit) do
  include Comparable
  RANKS = %w[2 3 4 5 6 7 8 9 10 J Q K A].freeze
  def <=>(o) = RANKS.index(rank) <=> RANKS.index(o.rank)
  def to_s = "#{rank}#{suit}"
end
hand = [Card.new("K", "h"), Card.new("3", "s"), Card.new("A", "d")]
puts hand.sort.join(" "), hand.max.to_s, hand.min_by(&:itself)
