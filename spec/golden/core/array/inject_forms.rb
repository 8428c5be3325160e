# inject / reduce / sum in all forms
a = [1, 2, 3, 4]
p a.inject(:+), a.inject(100, :+), a.inject { |s, x| s * x }, a.inject(2) { |s, x| s * x }
p a.reduce(:-), [].inject(:+), [].inject(0, :+), [5].inject(:+), [[1, 2], [3, 4]].inject(:+)
p %w[a b c].inject(:+), %w[a b c].inject("x") { |s, c| s + c.upcase }
p a.sum, a.sum(10), a.sum { |x| x * 10 }, [1.5, 2.5].sum, [1, 2.5].sum, [2**64, 1].sum
h = a.each_with_object(Hash.new(0)) { |x, acc| acc[x.even?] += x }
p h
p (1..10).inject(:lcm), (1..5).inject(:*), (1..4).sum { |i| i * i }
p a.inject { |memo, x| memo > x ? memo : x }
nested = {a: {b: {c: 42}}}
p [:a, :b, :c].inject(nested) { |h2, k| h2[k] }
p a.zip(a.drop(1)).inject(0) { |s, (x, y)| s + (y ? x * y : 0) }
