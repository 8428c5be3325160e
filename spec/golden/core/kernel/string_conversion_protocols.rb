# implicit conversion protocols: to_str, to_ary, to_proc, to_s in interpolation, to_a in splat, to_h
class Path
  def initialize(p) = @p = p
  def to_str = @p
  def to_s = "Path(#{@p})"
end
pth = Path.new("/tmp/x")
p "dir: " + pth, File.basename(pth), ["a", pth].join(" "), "#{pth}"
class Pairish
  def to_ary = [:k, :v]
end
a, b = Pairish.new
p a, b, [[1, 2], Pairish.new].map { |x, y| y }
class Squarer
  def to_proc = ->(x) { x * x }
end
p [1, 2, 3].map(&Squarer.new)
class Bag
  def to_a = [1, 2, 3]
end
p [*Bag.new], [0, *Bag.new]
class Conf
  def to_h = {a: 1}
end
def kw(**o) = o
p kw(**Conf.new) rescue p $!.class
p Array(Bag.new), Array(nil), Array("s"), String(12), Integer("0b11", exception: false), Hash([[1, 2]].to_h), Hash(nil)
begin
  "x" + 5
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
begin
  [1] + Bag.new
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
