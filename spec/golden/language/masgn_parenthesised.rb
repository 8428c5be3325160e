# A parenthesised left-hand side alone is the plain multiple assignment:
# `(x, h, w) = ary` sets all three (it used to set only x).
ary = [1, 2, 3]
(x, h, w) = ary
p [x, h, w]
(a, b), c = [4, 5], 6
p [a, b, c]
(f, g), = [[9, 10]]
p [f, g]
r = ((i, j) = [11, 12])
p [i, j, r]
(k, *l) = 1, 2, 3
p [k, l]
