class Calc
  def initialize(base) = @base = base
  def add(x) = @base + x
  def sum(*xs) = xs.sum + @base
  def self.make(b) = new(b)
end
c = Calc.new(10)
m = c.method(:add)
p m.call(5), m.(6), m[7]
p m.arity, c.method(:sum).arity
p m.owner, m.receiver.equal?(c), m.name
p [1, 2, 3].map(&m)
um = m.unbind
p um.class
p um.bind(Calc.new(100)).call(1)
cm = Calc.method(:make)
p cm.call(3).add(1)
p c.public_method(:add).call(1)
def helper(a, b = 2) = a * b
hm = method(:helper)
p hm.arity, hm.call(3), hm.call(3, 3)
p hm.to_proc.lambda?
composed = m >> ->(x) { x * 2 }
p composed.call(1)
p c.methods.include?(:add)
p Calc.instance_method(:add).owner
