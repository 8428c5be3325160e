# Method / UnboundMethod objects, instance_method.bind, method reference operator, to_proc
class Greeter
  def initialize(name) = @name = name
  def hello(greeting = "Hello", punct: "!") = "#{greeting}, #{@name}#{punct}"
  def self.build(n) = new(n)
end
g = Greeter.new("Ann")
m = g.method(:hello)
p m.call, m.("Hi"), m.call("Yo", punct: "?"), m.arity, m.name, m.owner, m.receiver.equal?(g), m.parameters
um = Greeter.instance_method(:hello)
p um.class, um.bind(Greeter.new("Bob")).call, um.bind_call(Greeter.new("Cy"), "Hey")
p %w[x y].map(&Greeter.method(:build)).map(&:hello)
p [1, -2, 3].map(&:abs), [1, 2, 3].map(&2.method(:*)), %w[1 2].map(&method(:Integer))
def helper(a, b = 2, *rest, c:, d: 4, **opts, &blk) = nil
p method(:helper).parameters, method(:helper).arity, method(:puts).owner
up = :upcase.to_proc
p up.call("a"), up.arity, up.lambda?
cm = Greeter.method(:build)
p cm.call("Dee").hello, cm.unbind.class
compose = method(:Integer) >> ->(x) { x * 2 }
p compose.call("21")
p 5.method(:+).to_proc.call(3), [3, 4].map(&10.method(:-))
p g.respond_to?(:hello), g.public_methods(false).sort rescue p $!.class
p g.method(:hello).unbind.bind(g).call("Bye")
p Greeter.instance_methods(false).sort, Greeter.method_defined?(:hello), Greeter.singleton_methods
