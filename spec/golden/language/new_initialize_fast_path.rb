# K.new(...) reaching a compiled initialize directly
class Pt
  attr_reader :x, :y
  def initialize(x:, y: 0)
    @x = x
    @y = y
    :ignored
  end
  def to_s = "(#{x}, #{y})"
end
class Node
  def initialize(l, r)
    @l = l; @r = r
  end
  def check = @l ? 1 + @l.check + @r.check : 1
end
class Opt
  def initialize(a, b = 2, *rest)
    @v = [a, b, rest]
  end
  attr_reader :v
end
class MyErr < StandardError
  def initialize(msg = "my default")
    super
  end
end
class Counted
  @@made = 0
  def self.new(*args)
    @@made += 1
    super
  end
  def self.made = @@made
  def initialize(n) = @n = n
end
# each call site runs twice: the first call fills its cache, the second
# takes the fast path
def checks
  puts Pt.new(x: 1, y: 2)
  puts Pt.new(y: 5, x: 3)
  puts Pt.new(x: 4)
  p Pt.new(x: 1).class
  p Node.new(Node.new(nil, nil), Node.new(nil, nil)).check
  p Opt.new(1).v, Opt.new(1, 3, 4, 5).v
  begin
    raise MyErr
  rescue MyErr => e
    p e.message
  end
  begin
    raise MyErr.new("given")
  rescue MyErr => e
    p e.message
  end
  3.times { |i| Counted.new(i) }
  p Counted.made
  begin
    Pt.new(y: 1)
  rescue ArgumentError => e
    p e.message
    puts e.backtrace.first(3)
  end
  begin
    Pt.new(x: 1, z: 2)
  rescue ArgumentError => e
    p e.message
  end
  begin
    Node.new(1)
  rescue ArgumentError => e
    p e.message
    puts e.backtrace.first(3)
  end
end
checks
checks
# initialize replaced after the first calls
def make(i) = Pt.new(x: i, y: i)
2.times { |i| puts make(i) }
class Pt
  def initialize(x:, y: 0)
    @x = -x
    @y = -y
  end
end
puts make(7)
# a subclass inheriting initialize; a subclass with its own
class Pt3 < Pt
  def initialize(x:, y: 0, z: 9)
    super(x: x, y: y)
    @z = z
  end
  def to_s = super + "z#{@z}"
end
puts Pt3.new(x: 1, z: 3)
# the constant later names another class
Node2 = Node
p Node2.new(nil, nil).check
# a block given to new reaches initialize
class Blk
  def initialize(a) = @v = yield(a)
  attr_reader :v
end
p Blk.new(2) { |z| z * 10 }.v
# error raised inside initialize: backtrace
class Boom
  def initialize(v)
    raise "boom #{v}" if v > 1
  end
end
begin
  [1, 2].each { |v| Boom.new(v) }
rescue => e
  p e.message
  puts e.backtrace
end
