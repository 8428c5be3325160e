# Endless defs of operator names ending in = are allowed (only setters are not)
class A
  def initialize(v) = @v = v
  def ==(o) = o.is_a?(A)
  def <=(o) = true
  def >=(o) = false
  def !=(o) = :ne
  def ===(o) = o == 1
  def []=(k, v) = (@k = [k, v])
  def k = @k
end
a = A.new(1)
p a == A.new(2), a == 3, a <= 1, a >= 1, a != 1, A.new(0) === 1
a[:x] = 5
p a.k
