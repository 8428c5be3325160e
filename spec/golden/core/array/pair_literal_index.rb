# [a, b] literals (sp_ary_new2) and Array#[] with a non-negative index
# (the short path in sp_ary_entry_inline): every shape of array the short
# path must agree with the general one on.

# pairs of every kind of value, then mutated like any array
p [1, 2], [nil, nil], [false, true], ["s", :sym], [1.5, 2**70], [[1], {a: 1}]
a = [1, 2]
a << 3
a[5] = 6
p a, a.size, a[0], a[2], a[4], a[5], a[6]
b = [:x, :y]
b.unshift(:w)
p b, b[0], b[2], b[3]
c = [10, 20]
c.shift
p c, c[0], c[1], c[-1], c[-2]
c.shift
p c, c[0], c[-1]
d = [1, 2].freeze
p d.frozen?, d[1]
begin
  d << 3
rescue => e
  p e.class
end
e = [3, 4]
e.pop
p e, e[0], e[1]
e.concat([5, 6, 7, 8, 9, 10, 11, 12])
p e, e[8], e[9]

# shifted arrays: start > 0, index past len but inside capa
q = (1..10).to_a
3.times { q.shift }
p q[0], q[6], q[7], q[100], q[-1], q[-7], q[-8]
q.clear
p q[0], q[-1]

# elements of a pair are the values evaluated, left to right
i = 0
pair = [i += 1, i += 1]
p pair, i

# trees of pairs, checked through [] (the binary_trees shape)
def make(d)
  d == 0 ? [nil, nil] : [make(d - 1), make(d - 1)]
end
def check(t)
  t[0] ? 1 + check(t[0]) + check(t[1]) : 1
end
long = make(10)
sum = 0
200.times { |k| sum += check(make(k % 8)) }
p sum, check(long)

# a subclass and a redefined [] still dispatch
class MyArr < Array; def [](i) = "my#{i}"; end
m = MyArr.new([1, 2])
p m[0]
class Array
  alias_method :orig_aref, :[]
  def [](i) = i.equal?(1) ? :redefined : orig_aref(i)
end
r = [7, 8]
p r[0], r[1]
