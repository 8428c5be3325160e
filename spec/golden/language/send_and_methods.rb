class Calc
  def add(a, b) = a + b
  def twice(x) = yield(x) * 2
  private def secret = "secret!"
  protected def prot = "prot"
  def call_prot(o) = o.prot
end
c = Calc.new
p c.send(:add, 1, 2)
p c.public_send(:add, 3, 4)
p c.__send__("add", 5, 6)
p c.send(:twice, 5) { |x| x + 1 }
p c.send(:secret)
begin
  c.public_send(:secret)
rescue NoMethodError => e
  puts e.message
end
begin
  c.secret
rescue NoMethodError => e
  puts e.message
end
begin
  c.prot
rescue NoMethodError => e
  puts e.message
end
p c.call_prot(Calc.new)
names = %i[add]
names.each { |n| p c.send(n, 10, 20) }
m = c.method(:add)
p m.call(2, 3)
p m.arity
p m.name
p [1, 2, 3].map(&c.method(:twice).to_proc.curry.then { |_| ->(x) { x * 3 } })
um = Calc.instance_method(:add)
p um.bind(Calc.new).call(7, 8)
p c.respond_to?(:add)
p c.respond_to?(:secret)
p c.respond_to?(:secret, true)
def hello(name) = "hello #{name}"
p method(:hello).call("world")
p %w[a b].map(&method(:hello))
p Calc.public_method_defined?(:add)
p Calc.private_method_defined?(:secret)
p Calc.protected_method_defined?(:prot)
p c.public_methods(false).sort rescue p :err
p Calc.instance_methods(false).sort
