# Fused Float expressions over attribute reads, op-assign on attributes,
# Math.sqrt inside fused expressions, and their slow paths.
class Body
  attr_accessor :x, :v, :m
  def initialize(x, v, m); @x = x; @v = v; @m = m; end
end

def step(bs, dt)
  i = 0
  while i < bs.size
    b = bs[i]
    j = i + 1
    while j < bs.size
      b2 = bs[j]
      dx = b.x - b2.x
      d2 = dx * dx + 0.01
      mag = dt / (d2 * Math.sqrt(d2))
      b.v -= dx * b2.m * mag
      b2.v += dx * b.m * mag
      j += 1
    end
    i += 1
  end
  bs.each { |b| b.x += dt * b.v }
end

bs = [Body.new(0.0, 0.0, 1.0), Body.new(1.0, 0.5, 0.001), Body.new(-2.5, 0.1, 0.01)]
100.times { step(bs, 0.01) }
bs.each { |b| printf("%.12f %.12f\n", b.x, b.v) }

# Integer and Rational ivars take the generic path
ib = [Body.new(1, 2, 3), Body.new(4, 5, 6)]
step(ib, 1)
p ib.map { |b| [b.x, b.v] }
rb = [Body.new(1r, 2r, 3r), Body.new(4r, 5r, 6r)]
rb.each { |b| b.x += 1r / 3 * b.v }
p rb.map(&:x)

# a nil ivar: NoMethodError from the right operator and line
nb = Body.new(nil, 1.0, 1.0)
begin
  z = nb.x - 1.0 * 2.0
rescue NoMethodError => e
  p e.message, e.backtrace[0][/\d+/] == __LINE__.pred.pred.to_s
end
begin
  nb.x += 2.0 * nb.v
rescue NoMethodError => e
  p e.message
end

# Floats outside the flonum range, -0.0, NaN, Infinity
t = Body.new(1e-320, 1e300, -0.0)
p t.x * 2.0 + 0.0, t.v * 10.0 * 10.0, t.m * 1.0 - 0.0, t.v * t.v * 1.0
t.x += t.x * 1.0
t.m -= 0.0 * 1.0
p t.x, t.m, (t.m * 1.0).equal?(-0.0)
t.v = 0.0
p t.x / t.v * 1.0, (t.v / t.v * 1.0).nan?, -t.x / t.v * 2.0
u = Body.new(1e-200, 1e200, 3.0)
p u.x * u.x * 1.0, u.v * u.v * 1.0, u.x * u.v * 1.0
p 2.0 ** -1074 * 1.0 + u.x * 0.0

# Math.sqrt edge cases in a fused expression
def root(a, b) = a.x * Math.sqrt(b.x + 0.0)
k = Body.new(2.0, 0, 0)
p root(k, Body.new(4.0, 0, 0)), root(k, Body.new(0.0, 0, 0)), root(k, Body.new(-0.0, 0, 0))
p root(k, Body.new(Float::INFINITY, 0, 0)), root(k, Body.new(Float::NAN, 0, 0)).nan?
begin
  root(k, Body.new(-1.0, 0, 0))
rescue Math::DomainError => e
  p e.message
end
p Body.new(2.0, 9, 0).x * Math.sqrt(Body.new(2.0, 9, 0).v)

# Float#- and Float#* redefined mid-loop
acc = []
fb = Body.new(10.0, 3.0, 0.0)
4.times do |i|
  acc << fb.x - fb.v * 2.0
  fb.m += fb.x * 0.5
  if i == 1
    class Float
      alias_method :old_minus, :-
      def -(o) = old_minus(o).old_minus(1000.0)
    end
  end
end
p acc, fb.m
class Float
  alias_method :-, :old_minus
end
p 5.0 - 2.0 * 1.0

# Math.sqrt redefined
module Math
  class << self
    alias_method :old_sqrt, :sqrt
    def sqrt(x) = old_sqrt(x) + 0.5
  end
end
p k.x * Math.sqrt(k.x * 2.0)
module Math
  class << self
    alias_method :sqrt, :old_sqrt
  end
end
p k.x * Math.sqrt(k.x * 2.0)

# attribute writer redefined: op-assign calls it
class Body
  def v=(n)
    @v = n
    puts "v= #{n}"
  end
end
wb = Body.new(1.0, 2.0, 3.0)
wb.v -= wb.x * 0.5
wb.v *= 2.0 + wb.m
p wb.v

# self receiver and ivar receiver
class Pt
  attr_accessor :px, :py
  def initialize; @px = 1.5; @py = 2.5; @o = Body.new(3.0, 4.0, 5.0); end
  def len2 = self.px * self.px + self.py * self.py
  def bump = (self.px += self.py * 2.0)
  def other = @o.x * @o.v - @o.m
end
pt = Pt.new
p pt.len2, pt.bump, pt.px, pt.other

# evaluation order with user-defined operators
class Vec
  attr_reader :x
  def initialize(x) = @x = x
  def -(o) = (puts "minus #{x} #{o.inspect}"; x - (o.is_a?(Vec) ? o.x : o))
  def *(o) = (puts "times #{x} #{o.inspect}"; Vec.new(x * o))
  def inspect = "V#{x}"
end
h = Body.new(Vec.new(5), Vec.new(2), 3.0)
p h.x * 2.0 - h.v * 3.0

# local op-assign with a fused right-hand side
e = 0.0
bs.each { |b| e += 0.5 * b.m * b.v * b.v }
printf("%.15f\n", e)
e -= bs[0].m * bs[1].m / Math.sqrt(4.0 * bs[0].x + 9.0)
printf("%.15f\n", e)

# op-assign through the combined read/write record: writer and reader
# redefined, restored, then a frozen receiver
class Acc
  attr_accessor :f
  def initialize = @f = 0.5
end
as = [Acc.new, Acc.new]
log = []
begin
  7.times do |k|
    as.each { |a| a.f += 0.25 * 2.0 }
    log << as.map(&:f)
    case k
    when 1 then class Acc; def f=(v); @f = v * 2.0; end; end
    when 2 then class Acc; def f = @f + 100.0; end
    when 3 then class Acc; remove_method :f; remove_method :f=; attr_accessor :f; end
    when 4 then as[1].freeze
    end
  end
rescue => e
  log << [e.class, e.message.sub(/0x\h+/, "X")]
end
p log

# one site, two classes with the ivar in different slots
class Acc2 < Acc
  def initialize
    @g = 1.0
    super
  end
end
mixed = [Acc.new, Acc2.new, Acc.new]
3.times { mixed.each { |a| a.f -= 0.125 * 1.0 } }
p mixed.map(&:f), mixed[1].instance_variables

# Math.sqrt at the root of a fused expression
p Math.sqrt(k.x * k.x + 5.0), Math.sqrt(k.x - 2.0 * 1.0)

# Array#each with one-parameter blocks (called directly) and the others
[[1, 2], [3, 4]].each { |x| p x }
[[1, 2], [3, 4]].each { |x, | p x }
[[1, 2], [3, 4]].each { |x, y| p y }
[[1, 2]].each { |x = 9| p x }
[5].each { |*x| p x }
[6].each(&->(x) { p x })
p [1, 2, 3].each { |x| break x * 10 if x == 2 }
def each_ret = [1, 2].each { |x| return x + 100 }
p each_ret
a = [1, 2, 3]
a.each { |x| a << x + 10 if a.size < 6 }
p a
