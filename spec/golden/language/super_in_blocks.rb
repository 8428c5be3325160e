class Base
  def process(items) = items.map { |i| "base(#{i})" }
  def greet(name, punct: "!") = "hi #{name}#{punct}"
  def each_val
    yield 1
    yield 2
  end
end
class Derived < Base
  def process(items)
    items.map { |i| super([i]).first.upcase }
  end
  def greet(name, punct: "?")
    [1].map { super }.first + " / " + super(name.upcase, punct: ".")
  end
  def each_val
    out = []
    super { |v| out << v * 10 }
    out
  end
end
d = Derived.new
p d.process([1, 2])
p d.greet("bo")
p d.each_val
module Extra
  def greet(name, punct: "~") = "[" + super + "]"
end
class Derived2 < Derived
  include Extra
  def greet(name, punct: "#") = super(name, punct:)
end
p Derived2.new.greet("cy")
class Opt < Base
  def greet(name = "default", punct: "!")
    super
  end
end
p Opt.new.greet, Opt.new.greet("x", punct: "?")
class Splat < Base
  def process(*args, **opts, &blk)
    super(*args)
  end
end
p Splat.new.process([7])
