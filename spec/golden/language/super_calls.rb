class Animal
  attr_reader :name
  def initialize(name)
    @name = name
  end
  def speak(loud = false)
    s = "#{name} makes a sound"
    loud ? s.upcase : s
  end
  def describe(*args, **kw)
    "Animal(#{args.inspect}, #{kw.inspect})"
  end
  def with_block
    yield(:animal)
  end
end

class Dog < Animal
  def initialize(name, breed)
    super(name)
    @breed = breed
  end
  def speak(loud = false)
    super + " (woof)"
  end
  def describe(*args, **kw)
    "Dog<" + super + ">"
  end
  def with_block
    super { |x| "got #{x}" }
  end
end

class Puppy < Dog
  def initialize(name)
    super(name, :mutt)
  end
  def speak(loud = true)
    super()
  end
  def with_block
    super
  end
end

d = Dog.new("Rex", :lab)
puts d.speak
puts d.speak(true)
puts d.describe(1, 2, a: 3)
puts d.with_block
pu = Puppy.new("Bit")
puts pu.speak
puts pu.speak(true)
puts pu.with_block { |x| "puppy #{x}" }
p pu.instance_variable_get(:@breed)

module Loud
  def speak(loud = false)
    super(true) + "!"
  end
end
class Cat < Animal
  include Loud
  def speak(loud = false)
    "Cat: " + super
  end
end
puts Cat.new("Tom").speak
p Cat.ancestors.take(3)

module Prefix
  def speak(loud = false)
    "[pre] " + super
  end
end
class Cow < Animal
  prepend Prefix
  def speak(loud = false)
    "moo: " + super
  end
end
puts Cow.new("Bess").speak
p Cow.ancestors.first(3)

class Base
  def self.create(*args) = new(*args)
  def self.kind = "base"
end
class Derived < Base
  def self.kind = "derived/" + super
  def initialize(x = 0) = @x = x
  attr_reader :x
end
puts Derived.kind
p Derived.create(5).x

class NoSuper
  def foo = super
end
begin
  NoSuper.new.foo
rescue NoMethodError => e
  puts e.message
end
