# Corpus: state_machine, object_protocols, percent_literals, visibility
class Light
  TRANSITIONS = {green: :yellow, yellow: :red, red: :green}.freeze
  attr_reader :state
  def initialize = @state = :green
  def next! = @state = TRANSITIONS.fetch(@state)
  def to_s = "Light(#{state})"
end
l = Light.new
4.times { l.next! }
puts l

class Temperature
  attr_reader :deg
  def initialize(d) = @deg = d
  def to_s = "#{deg}°"
  def inspect = "#<Temp #{deg}>"
  def coerce(n) = [Temperature.new(n), self]
  def +(o) = Temperature.new(deg + (o.is_a?(Temperature) ? o.deg : o))
  def to_proc = ->(x) { x + deg }
end
t = Temperature.new(20)
puts t, t.inspect, (t + 5).deg, (5 + t).deg, [1, 2].map(&t).inspect

puts %w[one two three].length, %i[a b].inspect, %q(single 'quoted' #{x}), %Q(double "#{1 + 1}")
puts %(parens (nested) ok), %w{braces {nested}}.inspect, %r[\d+/\d+].match("10/20")[0]
puts %s(sym).inspect, %w[a\ b c].inspect
puts %W[#{1}x y#{2}].inspect

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
