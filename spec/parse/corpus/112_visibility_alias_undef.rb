# Corpus: visibility, alias_undef, string_builder
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

class Str2 < String
  alias_method :old_upcase, :upcase
  alias shout upcase
  def upcase = "UP:" + old_upcase
  undef_method :downcase rescue nil
end
s2 = Str2.new("hi")
puts s2.upcase, s2.shout
class Tmp
  def a = 1
  def b = 2
  undef b
end
puts Tmp.new.respond_to?(:b)

buf = +""
buf << "a" << "b"
buf.concat("c", "d")
buf.prepend(">")
buf.insert(1, "_")
puts buf, buf.length, buf.reverse, buf.include?("bc"), buf.index("c")
puts "abc" * 3, "a-b-c".split("-", 2).inspect, "Hello World".swapcase, "ab\n".chomp + "!"
puts "%.3e" % 12345.678, 10.0 / 3, 1e10.to_i, 2.5.truncate, 1.0 / 0, -0.0
