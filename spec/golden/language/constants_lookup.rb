X = :top
module A
  X = :a
  Y = :ay
  module B
    def self.x = X
    def self.y = Y
    class C
      def x = X
      X = :c
      def x2 = X
    end
  end
  class Base
    Z = :base_z
    W = :base_w
  end
end
class Sub < A::Base
  def z = Z
  def w = W
  W = :sub_w
end
p A::B.x
p A::B.y
p A::B::C.new.x2
p Sub.new.z
p Sub.new.w
p ::X
p A::X
p A::Base::Z
p Sub::Z
module A
  def self.top = ::X
end
p A.top
p A.const_get(:Y)
p Object.const_get("A::B::C").name
p A.constants.sort
p A.const_defined?(:X), A.const_defined?(:Nope)
A.const_set(:NEW_ONE, 99)
p A::NEW_ONE
begin
  p Nope
rescue NameError => e
  puts e.message
end
begin
  A::Nothing
rescue NameError => e
  puts e.message
end
class Foo
  def get = Bar
end
begin
  Foo.new.get
rescue NameError => e
  puts e.message
end
LIST = [1, 2].freeze
p LIST.frozen?
module Config
  DEFAULTS = { a: 1 }
  def self.get(k) = DEFAULTS[k]
end
p Config.get(:a)
class Outer
  class Inner; end
  def make = Inner.new
end
p Outer.new.make.class
p Outer::Inner.name
