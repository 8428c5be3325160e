class Builder
  def initialize = @parts = []
  def add(x) = @parts << x
  def result = @parts.join(",")
  def self.build(&blk)
    b = new
    b.instance_eval(&blk)
    b.result
  end
end
p Builder.build { add 1; add 2; add(3) }
o = Object.new
o.instance_variable_set(:@secret, 7)
p o.instance_eval { @secret }
p o.instance_exec(3) { |m| @secret * m }
String.class_eval do
  def vowels = count("aeiou")
end
p "education".vowels
Integer.class_exec { define_method(:triple) { self * 3 } }
p 4.triple
Animal = Class.new do
  attr_reader :sound
  def initialize(s) = @sound = s
  def speak = "says #{sound}"
end
p Animal.new("moo").speak
p Animal.name
Dog = Class.new(Animal) do
  def initialize = super("woof")
end
p Dog.new.speak, Dog.superclass
m = Module.new do
  def hello = "hello from #{self.class}"
end
Dog.include(m)
p Dog.new.hello
anon = Class.new
p anon.name
s = "str"
def s.shout = upcase + "!"
p s.shout
p s.singleton_methods
obj = Object.new
class << obj
  def special = :special
  attr_accessor :tag
end
obj.tag = :t
p obj.special, obj.tag
p obj.singleton_class.instance_methods(false).sort
klass = Struct
p Object.const_get(:Comparable)
p Kernel.const_get(:Integer)
um = Array.instance_method(:size)
p um.bind([1, 2, 3]).call
p um.bind_call([1])
p 5.respond_to?(:triple)
class Meta
  [:a, :b].each_with_index do |n, i|
    const_set(n.upcase, i)
    define_singleton_method("make_#{n}") { "made #{n}" }
  end
end
p Meta::A, Meta::B, Meta.make_b
p Meta.singleton_class, Meta.singleton_class.singleton_class?
sc = class << Meta; self; end
p sc == Meta.singleton_class
p 1.frozen?, :sym.frozen?, "lit".frozen?, nil.frozen?
cls = Class.new(StandardError) { def message = "meta error" }
begin
  raise cls
rescue StandardError => e
  p e.message
end
p Meta.instance_of?(Class), Meta.class.class
p Comparable.is_a?(Module), Comparable.instance_of?(Module)
p Meta.method_defined?(:to_s), Meta.respond_to?(:make_a)
