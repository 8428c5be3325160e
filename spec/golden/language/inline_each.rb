# `ary.each do |x| ... end` compiled inline (codegen/inline_each.c): the
# slow paths must behave as the real Array#each with a block.
class P
  attr_accessor :x, :v
  def initialize(x, v) @x = x; @v = v end
end

def drift(ps, dt)
  ps.each do |q|
    q.x += dt * q.v
  end
end

ps = [P.new(0.0, 1.0), P.new(1.0, -1.0)]
r = drift(ps, 0.5)
p r.equal?(ps), ps.map(&:x)

# the array grows inside the block (new elements are visited) and shrinks
a = [1, 2, 3]
seen = []
a.each { |e| seen << e; a << e * 10 if e < 3 }
p seen, a
b = [1, 2, 3, 4, 5, 6]
seen = []
b.each { |e| seen << e; b.shift }
p seen, b
c = [1, 2, 3, 4]
seen = []
c.each { |e| seen << e; c.pop }
p seen

# locals of the method: read and written by the body
def tally(xs)
  s = 0
  n = 0.0
  xs.each { |e| s += e; n += 0.5 }
  [s, n]
end
p tally([1, 2, 3, 4])

# block parameter shadows nothing outside; an outer local of the same name
# is not touched
def shadow(xs)
  t = []
  xs.each { |e| t << e * 2 }
  e = :outer
  [t, e]
end
p shadow([1, 2])

# an exception from the body: the backtrace has the block and each frames
def boom(xs)
  xs.each do |e|
    raise ArgumentError, "bad #{e}" if e == 2
  end
end
begin
  boom([1, 2, 3])
rescue ArgumentError => e
  puts e.message
  puts e.backtrace.first(3).map { |l| l.sub(/^.*\//, "") }
end
# NoMethodError from an attribute in the body (nil element)
begin
  drift([P.new(0.0, 1.0), nil], 1.0)
rescue NoMethodError => e
  puts e.message
  puts e.backtrace.first(3).map { |l| l.sub(/^.*\//, "") }
end
# frozen element: FrozenError from the store
fz = [P.new(0.0, 1.0), P.new(1.0, 1.0).freeze]
begin
  drift(fz, 1.0)
rescue FrozenError => e
  puts e.class
end
p fz.map(&:x)

# not an Array: the ordinary call (a Hash, a Range, an object with each)
class Bag
  def each
    yield P.new(5.0, 1.0)
    self
  end
end
p drift(Bag.new, 1.0).class
p((1..3).each { |e| e }.class)

# Array subclass with its own each, singleton each
class MyAry < Array
  def each
    puts "MyAry#each"
    super
  end
end
m = MyAry.new([P.new(0.0, 2.0)])
drift(m, 1.0)
p m.map(&:x)
s = [P.new(0.0, 3.0)]
def s.each
  puts "singleton each"
  super
end
drift(s, 1.0)
p s.map(&:x)

# Array#each redefined mid-run, then restored
drift(ps, 1.0)
class Array
  alias_method :orig_each, :each
  def each(&blk)
    puts "redefined each (#{size})"
    orig_each(&blk)
  end
end
drift(ps, 1.0)
p ps.map(&:x)
class Array
  alias_method :each, :orig_each
end
drift(ps, 1.0)
p ps.map(&:x)

# each on an empty array, nested method calls, return value used
p [].each { |e| raise "never" }
p [3, 4].each { |e| e + 1 }.sum
