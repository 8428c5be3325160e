# Corpus: comparable_sort, while_until
Card = Struct.new(:rank, :suit) do
  include Comparable
  RANKS = %w[2 3 4 5 6 7 8 9 10 J Q K A].freeze
  def <=>(o) = RANKS.index(rank) <=> RANKS.index(o.rank)
  def to_s = "#{rank}#{suit}"
end
hand = [Card.new("K", "h"), Card.new("3", "s"), Card.new("A", "d")]
puts hand.sort.join(" "), hand.max.to_s, hand.min_by(&:itself)

i = 0
while i < 3
  i += 1
  next if i == 2
  puts "while #{i}"
end
j = 10
until j <= 7
  j -= 1
end
puts j
k = 0
begin
  k += 1
end while k < 5
puts k
n = 0
n += 1 until n >= 4
puts n
loop do
  n -= 1
  break if n.zero?
end
puts n
for a, b in [[1, 2], [3, 4]] do puts a + b end
for q in 1..3
  redo_guard = q
end
puts redo_guard
