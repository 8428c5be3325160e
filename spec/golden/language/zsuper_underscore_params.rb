# Repeated _ parameters are parameters of their own: zsuper passes each
# one's value, the body's _ is the first, #parameters shows _.
class A
  def m(*a) = a
  def m3(*a) = a
  def md(*a) = a
  def mm(*a) = a
  def k(**kw) = kw
end
class B < A
  def m(_, _) = super
  def m3(_, _, _) = super
  def md(_, _ = :x, *_, _) = super
  def mm(_, _)
    _ = 14
    super
  end
end
b = B.new
p b.m(1, 2), b.m3(1, 2, 3), b.md(1, 2, 3, 4, 5), b.mm(1, 2)
p B.instance_method(:m).parameters, B.instance_method(:md).parameters
def two(_, _) = _
p two(5, 6)
p [[1, 2]].map { |_, _| _ }
