# Index assignment with splatted index arguments: the value of `o[*x] = v`
# is v, and `o[*x] op= v` reads and writes with the splat expanded (its
# #to_a called once).
o = Object.new
def o.[]=(*a) $set = a; :method_result end
def o.[](*a) $get = a; a.sum end
x = [1, 2]
p((o[*x] = 5))
p $set
p((o[0, *x] = 6))
p((o[*x, 3] = 7))
p $set
p((o[*x] += 10))
p $get, $set
p((o[*x] ||= 1))
p((o[*x] &&= 4))
p $set
s = Object.new
def s.to_a; $to_a = ($to_a || 0) + 1; [0] end
a = [1, 2, 3]
a[*s] += 5
p a, $to_a
h = {}
h[*[:k]] ||= 3
h[*[:k]] ||= 4
p h
