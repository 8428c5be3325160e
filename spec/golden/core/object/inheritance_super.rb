# super forms: implicit args, explicit args, super() with none, through modules, method resolution order
module Loud
  def speak(msg = "hi") = super.upcase
end
module Polite
  def speak(msg = "hi") = "please, " + super
end
class Base
  def speak(msg = "hi") = "base says #{msg}"
  def initialize(name = "anon", *rest, opt: 1)
    @name = name
    @rest = rest
    @opt = opt
  end
  def info = [@name, @rest, @opt]
end
class Kid < Base
  include Loud
  include Polite
  def speak(msg = "yo") = "kid: " + super
  def initialize(name, extra, opt: 2)
    super
  end
end
class Kid2 < Base
  def initialize(name)
    super()
  end
end
class Kid3 < Base
  def initialize(name)
    super(name.upcase, :x, opt: 9)
  end
end
p Kid.new("k", :e).speak, Kid.new("k", :e).speak("custom"), Kid.ancestors.take(4)
p Kid.new("k", :e).info, Kid2.new("ignored").info, Kid3.new("bob").info
class Base
  def describe = "#{self.class.name.downcase}(#{@name})"
end
p Kid3.new("z").describe, Kid.instance_method(:speak).owner, Kid.instance_method(:speak).super_method.owner
class Parent
  def template = "#{prefix}-#{body}-#{suffix}"
  def prefix = "P"
  def body = "parent"
  def suffix = "S"
end
class Child < Parent
  def body = "child(#{super})"
  def suffix = super * 2
end
p Child.new.template, Parent.new.template
class A; def who = "A"; end
class B < A; def who = "B>" + super; end
class C < B; def who = "C>" + super; end
p C.new.who, C.superclass.superclass, C.ancestors.index(A)
module Countable
  def self.prepended(base) = base.instance_variable_set(:@prep, true)
  def value = super + 1
end
class Num
  prepend Countable
  def value = 41
end
p Num.new.value, Num.ancestors.first, Num.instance_variable_get(:@prep)
class WithBlock
  def each_twice = [1, 2].each { |x| yield x; yield x }
end
class WithBlock2 < WithBlock
  def each_twice
    out = []
    super { |x| out << x * 10 }
    out
  end
end
p WithBlock2.new.each_twice
begin
  Class.new { def x = super }.new.x
rescue NoMethodError => e
  puts "NoMethodError: #{e.message.sub(/#<Class:0x\h+>/, 'ANON')}"
end
