pr = Proc.new { |a, b| [a, b] }
la = lambda { |a, b| [a, b] }
st = ->(a, b = 2, *c, d:, e: 5, **f, &g) {}
p pr.arity, la.arity, proc { |*a| }.arity, proc { || }.arity, proc { |x| }.arity
p ->() {}.arity, ->(x, y) {}.arity, ->(*x) {}.arity, ->(x, y = 1) {}.arity, st.arity
p pr.lambda?, la.lambda?, proc {}.lambda?
p pr.call(1), pr.call(1, 2, 3), pr.(5, 6), pr[7, 8]
begin
  la.call(1)
rescue ArgumentError => e
  puts e.message
end
def run_proc
  pr = proc { return 10 }
  pr.call
  20
end
def run_lambda
  la = -> { return 10 }
  la.call
  20
end
p run_proc, run_lambda
def lambda_in_block
  [1, 2, 3].each { |x| return x * 100 if x == 2 }
  :none
end
p lambda_in_block
def next_in_proc
  pr = proc { next 5; 6 }
  pr.call
end
p next_in_proc
sq = :upcase.to_proc
p sq.call("abc"), sq.arity
m = 12.method(:+)
p m.to_proc.(3)
p [1, 2, 3].map(&10.method(:*))
curried = ->(a, b, c) { a + b + c }.curry
p curried[1][2][3], curried.(1, 2).(3)
p proc { |x| x }.call([1, 2]), lambda { |x| x }.call([1, 2])
p proc { |x, y| [x, y] }.call([1, 2])
def block_arity(&b) = b.arity
p block_arity { |a, b| }, block_arity { }, block_arity { |*a| }
yielder = proc { |&blk| blk.call(3) }
p yielder.call { |x| x * 3 }
counter = 0
incr = proc { counter += 1 }
5.times(&incr)
p counter
p la.parameters, pr.parameters
p proc { |x| }.parameters
l2 = ->(x) do x * 2 end
p l2.call(21)
def meth_with_block(&b) = b
b = meth_with_block { |x| x }
p b.call(1, 2)
orphan = proc { return 1 }
begin
  orphan.call
rescue LocalJumpError => e
  puts e.class
end
