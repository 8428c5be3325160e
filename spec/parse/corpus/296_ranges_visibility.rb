# Corpus: ranges, visibility, then_tap
r = (1..10)
puts r.step(3).to_a.inspect, (1...10).size, ('a'..'e').to_a.join
puts (1..).first(3).inspect
arr = (0..9).to_a
puts arr[2..4].inspect, arr[..2].inspect, arr[7..].inspect, arr[-3..-1].sum
puts r.include?(5), (1.0..2.0).cover?(1.5)

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

puts 5.then { _1 * 3 }
v = [3, 1, 2].tap { |a| puts "before sort #{a.size}" }.sort
puts v.inspect
puts 10.clamp(1, 5), 4.between?(1, 5), 7.pred.succ
