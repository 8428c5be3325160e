# String#<< and Array#<< run inline; every case that must take the real method
s = +"ab"
s << "cd" << "" << s
p s
a = [1]
a << 2 << a.size << nil
p a
t = +"x"
t << 0x263a << 65
p t, t.encoding
b = "bin".b
b << 255
p b, b.encoding
class MyStr < String
  def <<(o) = super(o.upcase)
end
m = MyStr.new("m")
m << "x"
p m
c = +"c"
def c.<<(o) = super("[#{o}]")
c << "y"
p c
o = Object.new
def o.to_str = "TS"
q = +"q"
q << o
p q
begin
  "lit".freeze << "x"
rescue => e
  p e.class, e.message
end
begin
  [1].freeze << 2
rescue => e
  p e.class, e.message
end
begin
  +"s" << 1.5
rescue => e
  p e.class, e.message
end
begin
  +"s" << -1
rescue => e
  p e.class, e.message
end
class Array
  alias old_lshift <<
  def <<(v) = old_lshift(v * 10)
end
z = []
z << 1 << 2
p z
class String
  alias old_lshift <<
  def <<(v) = old_lshift(v.reverse)
end
w = +"w"
w << "abc"
p w
p 3 << 2, (2**70) << 1
