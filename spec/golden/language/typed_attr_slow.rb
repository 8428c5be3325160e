# Slow paths of typed attribute reads/stores (infer.c): each makes the typed
# copy bail out into the generic one, which must behave exactly like Ruby.
class P
  attr_accessor :x, :y
  def initialize(x, y) @x = x; @y = y end
end
class Sub < P
  def x = @x * 10.0          # overrides the attribute reader
end
class MM
  attr_accessor :y
  def initialize = @y = 0.5
  def method_missing(name, *args) = name == :x ? 0.25 : super
  def respond_to_missing?(*) = true
end

def hook(i, ps)
  case i
  when 2 then ps[1].x = 7                       # an Integer ivar
  when 4 then P.class_eval { def y = @y + 100.0 }   # reader redefined (epoch)
  when 6 then def (ps[0]).x = -1.5              # singleton method
  when 8 then ps[1].y = 3r                      # a Rational
  end
  0
end

def sum(ps, n)
  t = 0.0
  i = 0
  while i < n
    z = hook(i, ps)
    a = ps[i % ps.size]
    t += a.x * 2.0 - a.y
    a.y += 0.125
    i += 1
  end
  t
end
ps = [P.new(1.0, 2.0), P.new(3.0, 4.0), Sub.new(0.5, 0.5), MM.new]
p sum(ps, 12)
p ps.map { |o| o.instance_variables }

# nil ivar, String ivar: NoMethodError / TypeError from the right line
def bad(o)
  s = 0.0
  i = 0
  while i < 3
    s += o.x - 1.0
    i += 1
  end
  s
end
o = P.allocate
begin
  bad(o)
rescue NoMethodError => e
  puts "#{e.class}: #{e.message} @#{e.backtrace[0][/:(\d+):/, 1]}"
end
o.x = "a"
begin
  bad(o)
rescue NoMethodError, TypeError => e
  puts "#{e.class}: #{e.message} @#{e.backtrace[0][/:(\d+):/, 1]}"
end

# frozen receiver: FrozenError from the store's line, nothing stored before
def push(o, n)
  i = 0
  while i < n
    o.y -= 0.5
    i += 1
  end
end
f = P.new(1.0, 2.0)
push(f, 2)
f.freeze
begin
  push(f, 2)
rescue => e
  puts "#{e.class} @#{e.backtrace[0][/:(\d+):/, 1]} y=#{f.y}"
end

# private writer: NoMethodError for recv.x = v
class Priv
  attr_accessor :x
  private :x=
  def initialize = @x = 1.0
end
def set(o)
  i = 0
  while i < 2
    o.x = i * 1.5
    i += 1
  end
end
begin
  set(Priv.new)
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end

# Math.sqrt and Float#- redefined in the middle of a typed loop
def redefine(i)
  if i == 2
    def Math.sqrt(v) = 100.0
  end
  if i == 4
    Float.class_eval { def -(o) = 1000.0 }
  end
  i
end
def roots(ps, n)
  t = 0.0
  i = 0
  while i < n
    z = redefine(i)
    a = ps[0]
    t += Math.sqrt(a.x) - a.y
    i += 1
  end
  t
end
p roots([P.new(4.0, 1.0)], 6)
