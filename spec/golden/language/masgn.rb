a, b = 1, 2
p [a, b]
a, b = b, a
p [a, b]
a, *b = 1, 2, 3
p [a, b]
*a, b = 1, 2, 3
p [a, b]
a, *b, c = 1, 2, 3, 4, 5
p [a, b, c]
a, (b, c), d = 1, [2, 3], 4
p [a, b, c, d]
a, (b, *c), d = 1, [2, 3, 4], 5
p [a, b, c, d]
a, b = [10, 20, 30]
p [a, b]
a, b, c = 1
p [a, b, c]
a, b = nil
p [a, b]
x = (a, b = 5, 6)
p x
h = {}
h[:x], h[:y] = 1, 2
p h
class Pt; attr_accessor :x, :y; end
pt = Pt.new
pt.x, pt.y = 3, 4
p [pt.x, pt.y]
@a, @b = :ia, :ib
p [@a, @b]
$g1, $g2 = :g1, :g2
p [$g1, $g2]
arr = [1, 2, 3]
first, *rest = arr
p first, rest
*init, last = arr
p init, last
a, b = *[7, 8], 9
p [a, b]
def pair = [:l, :r]
l, r = pair
p [l, r]
(m, n), o = [1, 2], 3
p [m, n, o]
a = b = c = 0
p [a, b, c]
_, second, _ = [1, 2, 3]
p second
k, v = {a: 1}.first
p [k, v]
i, j = 1
p [i, j]
s1, s2 = "a b".split
p [s1, s2]
a, b = 1, 2, 3
p [a, b]
one, two = *"str"
p [one, two]
