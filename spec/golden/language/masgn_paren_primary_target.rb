# A parenthesised primary as a target of a multiple assignment after the
# first one: `(expr; obj).attr` is an attribute target, `(a, b)` nests.
o = Object.new
$r = []
def o.a=(v); $r << v; end
x = []
(x << :a; o).a, (x << :b; o).a = 1, 2
p $r
y, (o).a = 3, 4
p [y, $r]
b, (c, d) = 1, [2, 3]
p [b, c, d]
e, (f, *g), h = 1, [2, 3, 4], 5
p [e, f, g, h]
((a1, b1), c1), (d1, (e1,), (f1, (g1, h1))) = [[1, 2], 3], [4, [5, 6], [7, [8, 9]]]
p [a1, b1, c1, d1, e1, f1, g1, h1]
m, (*n) = 1, [2, 3]
p [m, n]
arr = [0, 0]
z, (arr)[1] = 5, 6
p [z, arr]
