# Promoted attributes (infer.c prom_*): in an inner typed loop the Float
# attributes of a receiver the loop never assigns (`b`) live in C doubles.
# Every slow path here must leave the objects exactly as Ruby does.
class P
  attr_accessor :x, :v, :m
  def initialize(x, v, m) @x = x; @v = v; @m = m end
  def to_s = format("(%.6g %.6g %.6g)", @x, @v, @m)
end
class Sub < P
  def m = @m * 2.0          # overrides the attribute reader
end
class MM
  attr_accessor :x, :v
  def initialize = (@x = 0.5; @v = 0.25)
  def method_missing(name, *args) = name == :m ? 3.0 : super
  def respond_to_missing?(*) = true
end

def step(ps, dt)
  n = ps.size
  i = 0
  while i < n
    b = ps[i]
    j = i + 1
    while j < n
      b2 = ps[j]
      d = b.x - b2.x
      f = dt / (d * d + 0.5)
      b.v -= d * f * b2.m
      b2.v += d * f * b.m
      j += 1
    end
    i += 1
  end
  ps.each { |q| q.x += dt * q.v }
end

def show(ps) = puts(ps.map(&:to_s).join(" "))

ps = [P.new(0.0, 0.1, 1.0), P.new(1.0, -0.2, 2.0), P.new(3.0, 0.0, 0.5), P.new(-2.0, 0.3, 1.5)]
5.times { step(ps, 0.01) }
show(ps)

# the same object twice: b2 == b (aliasing), and three times
o = P.new(0.5, 0.0, 1.0)
al = [o, P.new(2.0, 0.0, 1.0), o, o]
4.times { step(al, 0.1) }
show(al.uniq)

def bump(ps)
  n = ps.size
  i = 0
  while i < n
    b = ps[i]
    j = 0
    while j < n
      b2 = ps[j]
      b.v += 1.0 + b2.x
      b2.v *= 0.5
      b2.x -= b.v
      j += 1
    end
    i += 1
  end
end
bump(al)
show(al.uniq)

# an Integer / Rational / nil appearing in the attributes
q = [P.new(0.0, 1, 1.0), P.new(1.0, 0.0, 2), P.new(2.0, 0.5r, 1.0)]
3.times { step(q, 0.25) }
puts q.map { |e| [e.x, e.v, e.m].inspect }.join(" ")

# subclass overriding the reader, method_missing, singleton method
s = [P.new(0.0, 0.0, 1.0), Sub.new(1.0, 0.0, 1.0), MM.new, P.new(4.0, 0.0, 1.0)]
def (s[3]).m = 10.0
3.times { step(s, 0.5) }
puts s.map { |e| [e.x, e.v].inspect }.join(" ")

# frozen receiver: FrozenError from the store, nothing half-written
fz = [P.new(0.0, 0.0, 1.0), P.new(1.0, 0.0, 1.0), P.new(2.0, 0.0, 1.0)]
fz[1].freeze
begin
  step(fz, 0.5)
rescue FrozenError => e
  puts "#{e.class}: #{e.message.sub(/:.*/, '')}"
end
show(fz)

# an Array subclass: `ps[j]` runs Ruby code inside the loop (the promoted
# values are written back before it and loaded again after it)
class Hooked < Array
  attr_accessor :hook
  def [](i)
    hook&.call(i)
    super
  end
end
h = Hooked.new([P.new(0.0, 0.0, 1.0), P.new(1.0, 0.0, 1.0), P.new(2.0, 0.0, 1.0), P.new(5.0, 0.0, 1.0)])
seen = []
h.hook = ->(i) { seen << h.to_a[0].v.round(9) }   # reads b.v mid-loop
step(h, 0.5)
p seen
show(h.to_a)
# the hook stores into b mid-loop
h.hook = ->(i) { h.to_a[0].v = 100.0 if i == 2 }
step(h, 0.5)
show(h.to_a)
# the hook redefines the reader mid-loop (method epoch)
h.hook = ->(i) { P.class_eval { def m = 0.0 } if i == 3 }
step(h, 0.5)
show(h.to_a)
P.class_eval { attr_reader :m }
# the hook freezes b mid-loop
h.hook = ->(i) { h.to_a[0].freeze if i == 2 }
begin
  step(h, 0.5)
rescue => e
  puts "#{e.class} #{e.message.sub(/:.*/, '')}"
end
show(h.to_a)
# the hook raises mid-loop: what was computed before stays stored
h2 = Hooked.new([P.new(0.0, 0.0, 1.0), P.new(1.0, 0.0, 1.0), P.new(2.0, 0.0, 1.0), P.new(5.0, 0.0, 1.0)])
h2.hook = ->(i) { raise ArgumentError, "at #{i}" if i == 3 }
begin
  step(h2, 0.5)
rescue ArgumentError => e
  puts "rescued #{e.message}"
end
show(h2.to_a)
# the hook makes b's attribute an Integer
h3 = Hooked.new([P.new(0.0, 0.0, 1.0), P.new(1.0, 0.0, 1.0), P.new(2.0, 0.0, 1.0)])
h3.hook = ->(i) { h3.to_a[0].v = 7 if i == 2 }
step(h3, 0.5)
puts h3.to_a.map { |e| e.v.inspect }.join(" ")

# Math.sqrt in a promoted loop, redefined between calls
def grav(ps)
  n = ps.size
  i = 0
  while i < n
    b = ps[i]
    j = i + 1
    while j < n
      b2 = ps[j]
      d = b.x - b2.x
      d2 = d * d + 1.0
      b.v -= d / (d2 * Math.sqrt(d2))
      b2.v += d / (d2 * Math.sqrt(d2)) * b.m
      j += 1
    end
    i += 1
  end
end
g = [P.new(0.0, 0.0, 1.0), P.new(1.0, 0.0, 2.0), P.new(3.0, 0.0, 3.0)]
grav(g)
show(g)
module Math
  class << self
    alias_method :orig_sqrt, :sqrt
    def sqrt(x) = orig_sqrt(x) * 2.0
  end
end
grav(g)
show(g)
# alias of an attribute reader: two names, one ivar
class P
  attr_reader :x2           # declared as an attribute, then made an alias of x (ivar @x)
  alias_method :x2, :x
end
def twin(ps)
  n = ps.size
  i = 0
  while i < n
    b = ps[i]
    j = 0
    while j < n
      b2 = ps[j]
      b.x -= 0.5
      b.v += b.x2 - b2.x
      j += 1
    end
    i += 1
  end
end
t = [P.new(1.0, 0.0, 1.0), P.new(2.0, 0.0, 1.0)]
twin(t)
show(t)
# `until` form, a Float bound compared with an Integer counter, and an
# inner loop that runs no iteration
def pull(ps, lim)
  i = 0
  while i < ps.size
    b = ps[i]
    j = 0
    until j >= lim
      b2 = ps[j]
      b.v += b2.x * 0.25
      b.x -= 0.125
      j += 1
    end
    i += 1
  end
end
u = [P.new(1.0, 0.0, 1.0), P.new(2.0, 0.0, 1.0), P.new(4.0, 0.0, 1.0)]
pull(u, 3.0)
pull(u, 0)
pull(u, 1.5)
show(u)
