# Corpus: visibility
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
