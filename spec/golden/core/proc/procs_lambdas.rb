# Proc, lambda, closures, arity, curry, method objects
add = ->(a, b) { a + b }
sq = lambda { |x| x * x }
pr = proc { |a, b| [a, b] }
p add.call(1, 2), add.(3, 4), add[5, 6], sq.call(7), pr.call(1), pr.call(1, 2, 3), pr.call([4, 5])
p add.arity, sq.arity, pr.arity, proc { |*a| a }.arity, ->(a, b = 1) {}.arity, proc {}.arity, ->() {}.arity
p add.lambda?, pr.lambda?, add.class, add.curry[1][2], add.curry.(10).(20)
begin
  add.call(1)
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
counter = 0
inc = proc { counter += 1 }
3.times(&inc)
p counter
def make_counter
  count = 0
  increment = -> { count += 1 }
  get = -> { count }
  [increment, get]
end
i, g = make_counter
i.call
i.call
p g.call
adders = (1..3).map { |n| ->(x) { x + n } }
p adders.map { |f| f.call(10) }
compose = sq >> ->(x) { x + 1 }
compose2 = sq << ->(x) { x + 1 }
p compose.call(3), compose2.call(3), (method(:puts) << :upcase.to_proc).call("composed")
m = 12.method(:+)
p m.call(30), m.arity, m.name, m.owner, [1, 2, 3].map(&10.method(:*))
def hello(name, greeting: "hi") = "#{greeting} #{name}"
hm = method(:hello)
p hm.call("bob"), hm.call("al", greeting: "yo"), hm.arity, hm.to_proc.lambda?, hm.parameters
def yielder
  yield 1, 2
end
p yielder { |a| a }, yielder { |a, b, c| [a, b, c] }, yielder(&->(a, b) { a * b })
def ret_test
  [1, 2, 3].each { |x| return x * 100 if x == 2 }
  :none
end
p ret_test
l = lambda { return 5; 6 }
p l.call
def block_to_proc(&b) = b
bp = block_to_proc { |x| x.to_s * 2 }
p bp.call(4), bp.class, block_to_proc.nil?
memo = Hash.new { |h, n| h[n] = n < 2 ? n : h[n - 1] + h[n - 2] }
p memo[50]
ycomb = ->(f) { ->(x) { x.zero? ? 1 : x * f.(x - 1) } }
fact = ->(x) { ycomb.(fact).(x) }
p fact.(10)
p %w[a b].each_with_index.map(&->((s, i)) { s * (i + 1) }) rescue p $!.class
p [[1, 2], [3, 4]].map { |a, b| a + b }, [[1, 2], [3, 4]].map { _1 + _2 }, [1, 2].map { it * 3 }
p proc { |x, y| "#{x}-#{y}" }.call(1, 2, 3), proc { |x| x }.yield(9)
gen = proc { next 10; 20 }
p gen.call
p (1..3).each_with_object([]).each { |x, acc| acc << x * 2 } rescue p $!.class
p add.parameters, pr.parameters
