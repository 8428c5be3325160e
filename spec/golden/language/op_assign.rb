x = 5
x += 2; x -= 1; x *= 3; x /= 2; x **= 2; x %= 7
p x
s = "a"
s += "b"; s <<= 1 rescue (s << "c")
p s
y = nil
y ||= 10
y ||= 20
p y
z = 1
z &&= z + 1
p z
n = nil
n &&= n + 1
p n
@iv ||= []
@iv << 1
@iv += [2]
p @iv
$gv ||= 0
$gv += 5
p $gv
class C
  @@cv = 1
  def self.bump
    @@cv += 1
    @@cv2 ||= 100
    [@@cv, @@cv2]
  end
end
p C.bump
CONST_X ||= :first
p CONST_X
h = Hash.new(0)
h[:a] += 1
h[:a] += 1
h[:b] ||= 5
h[:b] ||= 6
p h
arr = [1, 2, 3]
arr[0] += 10
arr[-1] *= 2
arr[5] ||= :filled
p arr
class Box
  attr_accessor :v
  def initialize = @v = 1
end
b = Box.new
b.v += 1
b.v *= 5
b.v ||= 0
p b.v
b2 = nil
b2&.v += 1
p b2
calls = 0
get = -> { calls += 1; arr }
get.()[1] += 100
p arr, calls
m = {list: []}
m[:list] <<= 1 rescue m[:list] << 1
p m
str = +"x"
str <<= 2 rescue nil
w = 1
w <<= 3
p w
w |= 1
w &= 5
w ^= 2
w >>= 1
p w
f = 1.5
f += 1
p f
a2 = [[1, 2], [3, 4]]
a2[1][0] -= 3
p a2
hh = {}
(hh[:k] ||= []) << :v
p hh
