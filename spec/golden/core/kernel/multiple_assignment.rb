# multiple assignment and destructuring with core values (swap, splat, nested, from methods and hashes)
a, b = 1, 2
a, b = b, a
p [a, b]
x, y, z = [10, 20]
p [x, y, z]
first, *rest = "a b c d".split
p first, rest
*init, last = 1..5
p init, last rescue p $!
head, (m1, m2), tail = 1, [2, 3], 4
p [head, m1, m2, tail]
def pair = [:left, :right]
l, r = pair
p l, r
q, rem = 17.divmod(5)
p q, rem
k, v = {a: 1}.first
p k, v
name, age = "Ann,30".split(",").then { |n, a2| [n, a2.to_i] }
p name, age
arr = [1, 2, 3]
arr[0], arr[2] = arr[2], arr[0]
p arr
h = {}
h[:x], h[:y] = 5, 6
p h
o = Struct.new(:p1, :p2).new
o.p1, o.p2 = "P", "Q"
p o.to_a
n = m = 0
n += 1
p n, m
s1 = s2 = "shared"
s1 << "!" rescue (s1 = s1 + "!")
p s1, s2
e, f = nil
p e, f
g, = [7, 8]
p g
(aa, bb), cc = [1, 2], 3
p aa + bb + cc
min, max = [5, 3, 9].minmax
p min, max
