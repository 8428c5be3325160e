class Counter
  @count = 0
  class << self
    attr_accessor :count
    def increment! = self.count += 1
    private def secret = :hidden
  end
  def self.reset = @count = 0
end
3.times { Counter.increment! }
p Counter.count
Counter.reset
p Counter.count
begin
  Counter.secret
rescue NoMethodError => e
  puts e.message
end
p Counter.singleton_methods.sort
module Util
  def self.helper = :module_method
  class << self
    def other = :other
  end
end
p Util.helper, Util.other
obj = "hello"
class << obj
  def excited = self + "!"
end
p obj.excited
p obj.singleton_methods
class Parent
  def self.create = new
  def self.kind = name.downcase
end
class Child < Parent; end
p Child.create.class, Child.kind
p Child.singleton_class.superclass == Parent.singleton_class
def Child.special = :special
p Child.special
p Parent.respond_to?(:special)
