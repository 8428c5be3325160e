# Assignment targets are evaluated left to right before the values:
# receivers, index arguments and constant scopes of a multiple assignment,
# and the scope of `(m)::C = v`.
$log = []
def t(x) = ($log << x; x)
o = Object.new
def o.a=(v); $log << [:set, v]; end
def o.[]=(*a); $log << [:aset, *a]; end
(t(:r1); o).a, (t(:r2); o)[t(:i)] = t(:v1), t(:v2)
p $log
$log = []
((t(:n); o).a, x), y = [t(:v)]
p $log, x, y
$log = []
m = Module.new
(t(:mod); m)::A, (t(:mod2); m)::B = t(:a), t(:b)
p $log, m::A, m::B
$log = []
(t(:scope); m)::C = t(:value)
p $log, m::C
$log = []
a, (t(:recv); o).a, *rest = t(1), t(2), t(3), t(4)
p $log, a, rest
h = {}
h[:x], h[:y] = 1, 2
p h
