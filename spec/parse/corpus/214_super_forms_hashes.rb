# Corpus: super_forms, hashes, comparable_sort
class Base
  def greet(name = "x", punct: "!") = "hi #{name}#{punct}"
end
class Child < Base
  def greet(name = "c", punct: "?")
    [super, super(), super("z"), super(name, punct: ".")].join(" | ")
  end
end
puts Child.new.greet("q")

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

Card = Struct.new(:rank, :suit) do
  include Comparable
  RANKS = %w[2 3 4 5 6 7 8 9 10 J Q K A].freeze
  def <=>(o) = RANKS.index(rank) <=> RANKS.index(o.rank)
  def to_s = "#{rank}#{suit}"
end
hand = [Card.new("K", "h"), Card.new("3", "s"), Card.new("A", "d")]
puts hand.sort.join(" "), hand.max.to_s, hand.min_by(&:itself)
