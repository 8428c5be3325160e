# Corpus: classes, comparable_sort, visibility
class Point
  attr_reader :x, :y
  def initialize(x, y)
    @x, @y = x, y
  end
  def +(other) = Point.new(x + other.x, y + other.y)
  def -@ = Point.new(-x, -y)
  def ==(o) = o.is_a?(Point) && x == o.x && y == o.y
  def to_s = "(#{x}, #{y})"
  def [](i) = i.zero? ? x : y
end
a = Point.new(1, 2)
b = Point.new(3, 4)
puts a + b, -a, a == Point.new(1, 2), a[0], a[1]

Card = Struct.new(:rank, :suit) do
  include Comparable
  RANKS = %w[2 3 4 5 6 7 8 9 10 J Q K A].freeze
  def <=>(o) = RANKS.index(rank) <=> RANKS.index(o.rank)
  def to_s = "#{rank}#{suit}"
end
hand = [Card.new("K", "h"), Card.new("3", "s"), Card.new("A", "d")]
puts hand.sort.join(" "), hand.max.to_s, hand.min_by(&:itself)

class Account
  attr_reader :balance
  def initialize(b) = @balance = b
  def transfer(other, amt)
    withdraw(amt)
    other.deposit(amt)
  end
  def >(other) = balance > other.balance
  protected
  def deposit(a) = @balance += a
  private
  def withdraw(a) = @balance -= a
  public
  def summary = "balance=#{balance}"
end
a1, a2 = Account.new(100), Account.new(5)
a1.transfer(a2, 30)
puts a1.summary, a2.summary, a1 > a2
begin
  a1.withdraw(1)
rescue NoMethodError => e
  puts e.message[/private method/]
end
