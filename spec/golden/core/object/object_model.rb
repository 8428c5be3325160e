# classes, modules, method_missing, respond_to_missing?, define_method, send, instance vars
module Greet
  def greet = "hi from #{self.class.name}"
end
module Loud
  def greet = super.upcase + "!"
end
class Animal
  include Greet
  attr_accessor :name
  attr_reader :legs
  @@count = 0
  SOUND = "..."
  def initialize(name, legs = 4)
    @name = name
    @legs = legs
    @@count += 1
  end
  def self.count = @@count
  def speak = "#{name} says #{self.class::SOUND}"
  def to_s = "#{self.class.name.downcase}:#{name}"
  def inspect = "#<#{self.class} #{name}>"
  def <=>(o) = name <=> o.name
  include Comparable
  protected def secret = 42
  private
  def hidden = :hidden
end
class Dog < Animal
  include Loud
  SOUND = "woof"
  def speak = super + " loudly"
  def peek(other) = other.secret
end
class Bird < Animal
  SOUND = "tweet"
  def initialize(name) = super(name, 2)
end
d = Dog.new("rex")
b = Bird.new("tweety")
p d, b, d.speak, b.speak, d.greet, b.greet, Animal.count, d.legs, b.legs
puts d, "#{b}"
p Dog.ancestors.take(5), Dog.superclass, Dog.instance_methods(false).sort, d.is_a?(Animal), Dog < Animal, Dog <= Dog, Animal < Dog
p d.respond_to?(:speak), d.respond_to?(:hidden), d.respond_to?(:secret), d.peek(b)
begin
  d.hidden
rescue NoMethodError => e
  puts "#{e.class}: #{e.message}"
end
begin
  d.secret
rescue NoMethodError => e
  puts "#{e.class}: #{e.message}"
end
p d.send(:hidden), d.public_send(:speak), d.instance_variables, d.instance_variable_get(:@name)
d.name = "max"
p d.name, [d, b].min.name, d.frozen?, d.class.class, Animal.instance_method(:speak).owner
class Ghost
  def method_missing(name, *args, &blk)
    if name.to_s.start_with?("get_")
      "got #{name.to_s.sub('get_', '')} #{args.inspect}"
    else
      super
    end
  end
  def respond_to_missing?(name, include_private = false) = name.to_s.start_with?("get_") || super
end
g = Ghost.new
p g.get_x, g.get_y(1, 2), g.respond_to?(:get_z), g.respond_to?(:other), g.method(:get_q).call
begin
  g.other_thing
rescue NoMethodError => e
  puts "#{e.class}: #{e.message}"
end
class Config
  %w[host port user].each do |attr|
    define_method(attr) { instance_variable_get("@#{attr}") || "default_#{attr}" }
    define_method("#{attr}=") { |v| instance_variable_set("@#{attr}", v) }
  end
end
c = Config.new
c.port = 8080
p c.host, c.port, Config.public_method_defined?(:user), c.public_methods(false).sort rescue p $!
o = Object.new
def o.single = :singleton
p o.single, o.singleton_methods, o.singleton_class.instance_methods(false)
class Animal
  def reopened = :yes
end
p d.reopened
p d.instance_of?(Dog), d.instance_of?(Animal), Dog.name, Dog.to_s, Class.new.name, Module.new.to_s.start_with?("#<Module")
p d.itself.equal?(d), d.dup.equal?(d), d.dup.name, d.then { _1.name }
p defined?(d.speak), defined?(d.zzz), Animal.class_variable_get(:@@count), Animal.const_get(:SOUND), Dog.const_defined?(:SOUND)
class Temp
  def initialize(v) = @v = v
  def ==(o) = o.is_a?(Temp) && @v == o.v
  def hash = @v.hash
  def eql?(o) = self == o
  attr_reader :v
end
p Temp.new(1) == Temp.new(1), [Temp.new(1), Temp.new(1)].uniq.size, {Temp.new(2) => :a}[Temp.new(2)]
p Object.new.to_s =~ /\A#<Object:0x[0-9a-f]+>\z/ ? "object to_s ok" : "bad"
class WithIvars
  def initialize = (@a = 1; @b = "two")
end
p WithIvars.new.inspect.sub(/0x[0-9a-f]+/, "XX")
