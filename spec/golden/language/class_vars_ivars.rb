class Registry
  @@instances = 0
  @items = []
  class << self
    attr_accessor :items
  end
  def self.count = @@instances
  def initialize(name)
    @@instances += 1
    @name = name
    self.class.items << name if self.class.items
  end
  def count = @@instances
end
class SubRegistry < Registry
  @items = []
  def bump = @@instances += 10
end
Registry.new(:a)
Registry.new(:b)
s = SubRegistry.new(:c)
p Registry.count
p s.count
s.bump
p Registry.count
p Registry.items
p SubRegistry.items
p Registry.class_variable_get(:@@instances)
p Registry.class_variables
p Registry.class_variable_defined?(:@@instances)
Registry.class_variable_set(:@@other, 5)
p Registry.class_variable_get(:@@other)
obj = Registry.new(:d)
p obj.instance_variables
p obj.instance_variable_get(:@name)
obj.instance_variable_set(:@extra, [1, 2])
p obj.instance_variable_get(:@extra)
p obj.instance_variable_defined?(:@extra)
p obj.instance_variable_defined?(:@nope)
p obj.instance_variables
class Lazy
  def value = @value ||= compute
  def compute
    @calls = (@calls || 0) + 1
    42
  end
  attr_reader :calls
end
l = Lazy.new
l.value; l.value
p [l.value, l.calls]
class NoCvar
  def read = @@missing
end
begin
  NoCvar.new.read
rescue NameError => e
  puts e.message
end
p defined?(@@nothing)
