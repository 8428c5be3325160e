# Keyword arguments passed to a statically known def without a Hash
def area(w:, h: 1)
  w * h
end
def mixed(a, b = 2, *r, k: 10, j:, &blk)
  [a, b, r, k, j, blk ? blk.call : nil]
end
def order(x: (puts "default x"; 1), y: x + 1)
  [x, y]
end
def outer_kw(a:, b: a * 2)
  inner(a: a, b: b) { |v| break v * 100 }
end
def inner(a:, b:)
  yield a + b
end
# each call site runs twice: the first call fills its cache, the second
# takes the keyword entry
def checks
  p area(w: 3, h: 4)
  p area(w: 5)
  p area(h: 2, w: 7)
  p mixed(1, j: 2)
  p mixed(1, 5, 6, 7, j: 2, k: 3)
  p mixed(1, j: 2) { :blk }
  p order(y: 5)
  p order
  p outer_kw(a: 2)
  begin
    area(h: 3)
  rescue ArgumentError => e
    p e.message
  end
  begin
    mixed(1)
  rescue ArgumentError => e
    p e.message
  end
  begin
    area(w: 1, z: 2)
  rescue ArgumentError => e
    p e.message
  end
  begin
    area(w: 1, z: 2, q: 3)
  rescue ArgumentError => e
    p e.message
  end
  begin
    mixed(j: 1)
  rescue ArgumentError => e
    p e.message
  end
  # evaluation order of arguments
  def trace(v) = (puts "eval #{v}"; v)
  p mixed(trace(1), j: trace(2), k: trace(3))
end
checks
checks
# a method_missing receiver
class Ghost
  def method_missing(n, *a, **kw) = [n, a, kw]
  def respond_to_missing?(*) = true
end
p Ghost.new.area(w: 1)
def redefine_area
  Object.send(:define_method, :area) { |w:, h: 1| -(w * h) }
end
# a redefinition after the first calls: the new method runs
3.times do |i|
  p area(w: i, h: 10)
  redefine_area if i == 1
end
# another receiver class with the same method name
class Box
  def area(w:, h: 1) = "box #{w}x#{h}"
end
class Circle
  def area(w:, h: 1) = "circle #{w}"
end
[Box.new, Circle.new, Box.new].each { |o| p o.area(w: 2, h: 3) }
# keyword values that are locals reassigned later in the argument list
x = 1
p area(w: x, h: (x = 5))
