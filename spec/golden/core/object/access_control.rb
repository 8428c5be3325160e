# public / protected / private semantics, private setters via self, private_constant, module_function
class Account
  attr_reader :id
  def initialize(id, balance)
    @id = id
    @balance = balance
  end
  def richer_than?(other) = balance > other.balance
  def bump! = (self.balance = balance + 1; self)
  def peek_other(o) = o.secret_code
  def to_s = "#{id}:#{balance}"
  protected
  attr_reader :balance
  private
  attr_writer :balance
  def secret_code = 1234
  public
  def visible = :visible
end
a = Account.new("a", 10)
b = Account.new("b", 20)
p a.richer_than?(b), b.richer_than?(a), a.bump!.to_s, a.visible
[-> { a.balance }, -> { a.secret_code }, -> { a.balance = 5 }, -> { a.peek_other(b) }].each do |f|
  f.call
  puts "allowed"
rescue NoMethodError => e
  puts "#{e.class}: #{e.message}"
end
p a.send(:secret_code), a.respond_to?(:balance), a.respond_to?(:visible), Account.private_method_defined?(:secret_code)
class Vault
  SECRET = "s3cr3t"
  PUBLIC = "open"
  private_constant :SECRET
  def self.reveal = SECRET
end
p Vault::PUBLIC, Vault.reveal
begin
  Vault::SECRET
rescue NameError => e
  puts "#{e.class}: #{e.message}"
end
module Helpers
  module_function
  def twice(x) = x * 2
end
p Helpers.twice(4)
class UsesHelpers
  include Helpers
  def go = twice(5)
end
p UsesHelpers.new.go
begin
  UsesHelpers.new.twice(1)
rescue NoMethodError => e
  puts "#{e.class}: #{e.message}"
end
class Widget
  private def helper = :h
  def uses = helper
  private
  def self.class_level = :still_public
end
p Widget.new.uses, Widget.class_level
class Widget
  public :helper
end
p Widget.new.helper
