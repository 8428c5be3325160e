class Pt
  def initialize(x, y)
    @x = x
    @y = y
  end
  def sum = @x + @y
  def unset = @never
  def set_later = @later = :now
  def later = @later
end
p Pt.new(1, 2).sum
pts = (1..1000).map { |i| Pt.new(i, i) }
p pts.sum(&:sum)
o = Pt.new(0, 0)
p o.unset
p o.later
o.set_later
p o.later
p o.instance_variables
class Sub < Pt
  def initialize
    super(5, 6)
    @z = 7
  end
  def all = [@x, @y, @z]
end
p Sub.new.all
class Mixed
  def a = @a ||= 1
  def b = @b ||= 2
end
mm = Mixed.new
mm.b
mm.a
p mm.instance_variables
p mm.frozen?
p Object.new.instance_variables
