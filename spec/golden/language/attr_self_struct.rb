# attr_reader called without a receiver, Struct/Data members through the
# attribute caches (readers, writers, frozen, redefinition, singleton).
class A
  attr_reader :w, :h
  private attr_reader :secret
  def initialize(w, h) = (@w, @h, @secret = w, h, w * h)
  def area = w * h
  def s = secret + 1
end
a = A.new(3, 4)
p a.area, a.s
p 5.times.map { a.area }
class A
  def w = 100
end
p a.area
P = Struct.new(:x, :y) do
  def d2 = x * x + y * y
end
pt = P.new(3, 4)
p pt.d2
pt.x = 5
p pt.d2
pt.freeze
begin
  pt.x = 1
rescue => e
  p e.class
end
class B
  attr_accessor :v
  def get = v
end
b = B.new
p b.get
b.v = 9
p b.get
def b.v = :single
p b.get
D = Data.define(:m, :n) do
  def sum = m + n
end
p D.new(m: 1, n: 2).sum
