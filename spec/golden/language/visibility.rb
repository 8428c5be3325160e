class Account
  attr_reader :balance
  def initialize(b) = @balance = b
  def >(other) = balance > other.balance
  def transfer(other, amt)
    check!(amt)
    other.add(amt)
    @balance -= amt
  end
  def compare(o) = o.secret_score <=> secret_score
  protected
  def add(amt) = @balance += amt
  def secret_score = balance * 2
  private
  def check!(amt)
    raise ArgumentError, "insufficient" if amt > balance
  end
  public
  def pub = "public again"
end
a = Account.new(100)
b = Account.new(50)
a.transfer(b, 30)
p [a.balance, b.balance]
p a.compare(b)
p a.pub
%i[add check! secret_score].each do |m|
  begin
    a.send(:public_send, m, 1)
  rescue NoMethodError => e
    puts e.message
  end
end
begin
  a.transfer(b, 1000)
rescue ArgumentError => e
  puts "error: #{e.message}"
end
class Account
  private :pub
  public :add
end
p a.add(5)
begin
  a.pub
rescue NoMethodError => e
  puts e.message
end
module Util
  module_function
  def helper(x) = x * 2
end
p Util.helper(4)
class UsesUtil
  include Util
  def go = helper(5)
end
p UsesUtil.new.go
begin
  UsesUtil.new.helper(1)
rescue NoMethodError => e
  puts e.message
end
class Singleton1
  private_class_method :new
  def self.instance = @instance ||= new
end
p Singleton1.instance.equal?(Singleton1.instance)
begin
  Singleton1.new
rescue NoMethodError => e
  puts e.message
end
def top_helper = :top
p top_helper
p Account.private_instance_methods(false).sort
p Account.protected_instance_methods(false).sort
