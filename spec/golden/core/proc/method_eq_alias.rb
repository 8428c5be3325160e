# Method#== : an alias is the same method (ruby/spec core/true/inspect_spec.rb, core/nil/xor_spec.rb).
p true.method(:inspect) == true.method(:to_s)
p nil.method(:^) == nil.method(:|)
p 1.method(:+) == 1.method(:-)
class A
  def foo = 1
  alias bar foo
  def baz = 1
  attr_reader :x, :y
end
a = A.new
p a.method(:foo) == a.method(:bar), a.method(:foo) == a.method(:baz), a.method(:x) == a.method(:y)
p a.method(:foo) == A.new.method(:bar)
