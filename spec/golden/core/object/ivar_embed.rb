# Embedded ivar slots and the inline attr_reader/attr_writer path: slow
# paths (redefinition, removal, visibility, freeze, singleton, subclasses,
# ivars added later, instance_variable_* on embedded and spilled slots).
class P
  attr_accessor :a, :b, :c
  def initialize(a, b) ; @a = a; @b = b; end
end

ps = (1..5).map { |i| P.new(i, i * 10) }
sum = 0
3.times { ps.each { |p| sum += p.a + p.b } }
p sum
p ps[0].c
ps.each { |p| p.c = p.a * 2 }
p ps.map(&:c)
p ps[0].instance_variables

# many ivars: more than any embedded size
class Wide
  attr_accessor :v0, :v19
  def initialize
    20.times { |i| instance_variable_set("@v#{i}", i) }
  end
end
w = Wide.new
w2 = Wide.new
p [w.v0, w.v19, w2.v0, w2.v19]
w.v19 = :x
w2.v0 = :y
p [w.v0, w.v19, w2.v0, w2.v19]
p w.instance_variables.size
p w2.instance_variable_get(:@v15)
p w2.remove_instance_variable(:@v15)
p w2.instance_variable_defined?(:@v15), w2.instance_variables.size
p w.remove_instance_variable(:@v0)
p w.v0
w.instance_variable_set(:@v0, 5)
p w.v0

# ivars added after the first instances were allocated
class Late
  attr_accessor :x, :y, :z, :extra
  def initialize; @x = 1; end
end
ls = (1..4).map { Late.new }
ls.each_with_index { |l, i| l.y = i; l.z = i * i; l.extra = "e#{i}" }
l5 = Late.new
l5.extra = :late
p ls.map { |l| [l.x, l.y, l.z, l.extra] }, l5.extra, l5.y
p l5.inspect.sub(/0x\h+/, "X")

# subclass with more ivars
class Q < P
  attr_accessor :d, :e
  def initialize(a, b, d, e); super(a, b); @d = d; @e = e; end
end
qs = [Q.new(1, 2, 3, 4), P.new(5, 6), Q.new(7, 8, 9, 10)]
r = []
2.times { qs.each { |q| r << q.a + q.b } }
p r
p qs.map { |q| q.is_a?(Q) ? q.d + q.e : nil }
q2 = qs[0].dup
q2.e = 100
p [qs[0].e, q2.e, q2.d, q2.a]
q3 = qs[2].clone(freeze: true)
p q3.frozen?, q3.e
begin
  q3.e = 1
rescue => ex
  p ex.class, ex.message.sub(/0x\h+/, "X")
end

# freeze mid-loop
objs = (1..3).map { |i| P.new(i, 0) }
begin
  4.times do |k|
    objs.each { |o| o.b += 1 }
    objs[1].freeze if k == 2
  end
rescue FrozenError => ex
  p ex.message.sub(/0x\h+/, "X"), objs.map(&:b)
end

# attr redefined mid-loop, then removed, then private
o = P.new(1, 2)
out = []
5.times do |k|
  out << o.a
  if k == 1
    class P; def a; @a * 100; end; end
  end
  if k == 3
    class P; remove_method :a; end
  end
end rescue out << $!.class
p out
class P; attr_reader :a; end
p o.a
class P; private :a; end
begin
  o.a
rescue NoMethodError => ex
  p ex.message.sub(/0x\h+/, "X")
end
class P; public :a; end
p o.a

# a singleton method on one object shadows the attribute
xs = [P.new(1, 1), P.new(2, 2)]
def (xs[1]).a; :single; end
p xs.map(&:a), xs.map { |x| x.a }

# a class that answers by method_missing
class MM
  def method_missing(n, *args) = n == :a ? :mm : super
  def respond_to_missing?(n, p = false) = n == :a || super
end
ys = [P.new(3, 3), MM.new, P.new(4, 4)]
p ys.map { |y| y.a }
begin
  MM.new.b
rescue NoMethodError => ex
  p ex.message.sub(/0x\h+/, "X")
end

# attribute of an ivar never set, and on a non-object receiver
class S2 < String; attr_accessor :tag; end
s = S2.new("hi")
p s.tag
s.tag = 3
p s.tag, s
p P.new(nil, nil).c
