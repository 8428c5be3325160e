# Comparable#clamp/between? on builtin and user types; sort stability with <=> ties
p 15.clamp(1, 10), -5.clamp(1, 10), 5.clamp(1, 10), 5.clamp(1..3), 5.clamp(..3), 0.clamp(1..), 2.5.clamp(1, 2)
p "m".clamp("a", "f"), "b".between?("a", "c"), 3.between?(3, 3), 1.0.between?(1, 2)
begin
  5.clamp(10, 1)
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
Grade = Struct.new(:letter) do
  include Comparable
  ORDER = %w[F D C B A].freeze
  def <=>(o) = ORDER.index(letter) <=> ORDER.index(o.letter)
  def to_s = letter
end
gs = %w[B F A C D B].map { Grade.new(_1) }
p gs.sort.map(&:to_s), gs.max.to_s, gs.min.to_s, Grade.new("C").between?(Grade.new("D"), Grade.new("B"))
p Grade.new("A").clamp(Grade.new("F"), Grade.new("B")).to_s, gs.minmax.map(&:to_s), gs.uniq.size
p gs.sort_by(&:itself).map(&:to_s) == gs.sort.map(&:to_s), Grade.new("A") == Grade.new("A"), Grade.new("A").equal?(Grade.new("A"))
items = [["x", 2], ["y", 1], ["z", 2], ["w", 1]]
p items.sort_by.with_index { |(_, k), i| [k, i] }.map(&:first), items.min_by(2) { [_2, _1] }.map(&:first)
