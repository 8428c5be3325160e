inc = ->(x) { x + 1 }
dbl = ->(x) { x * 2 }
sq = proc { |x| x * x }
pipeline = [inc, dbl, sq].reduce(:>>)
p pipeline.(3)
p (inc << dbl).(3), (inc >> dbl).(3)
p [1, 2, 3].map(&(inc >> dbl))
m = 5.method(:+) >> dbl
p m.(1)
curry = ->(a, b, c) { a * b + c }.curry
p curry[2][3][4], curry.(2, 3).(4), curry.(2).(3, 4)
add = proc { |a, b| (a || 0) + (b || 0) }
p add.curry.arity, add.(1)
memo = Hash.new { |h, k| h[k] = k * k }
getter = memo.to_proc
p getter.(7), memo.size
p %i[upcase reverse].map(&:to_proc).map { _1.("abc") }
