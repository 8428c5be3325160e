def make_counter
  count = 0
  increment = -> { count += 1 }
  get = -> { count }
  [increment, get]
end
inc, get = make_counter
3.times { inc.call }
p get.call
inc2, get2 = make_counter
inc2.()
p [get.(), get2.()]
adders = (1..3).map { |i| ->(x) { x + i } }
p adders.map { |f| f.(10) }
total = 0
[1, 2, 3].each { |v| total += v }
p total
def outer
  x = 1
  inner = proc { x += 1 }
  inner.call
  inner.call
  x
end
p outer
memo = Hash.new { |h, n| h[n] = n < 2 ? n : h[n - 1] + h[n - 2] }
p memo[40]
def compose(f, g) = ->(x) { f.(g.(x)) }
sq = ->(x) { x * x }
inc1 = ->(x) { x + 1 }
p compose(sq, inc1).(3)
p (sq >> inc1).(3), (sq << inc1).(3)
lambdas = []
i = 0
while i < 3
  lambdas << -> { i }
  i += 1
end
p lambdas.map(&:call)
procs = []
3.times { |j| procs << -> { j } }
p procs.map(&:call)
def gen
  state = { n: 0 }
  {
    next: -> { state[:n] += 1 },
    reset: -> { state[:n] = 0 },
  }
end
g = gen
g[:next].(); g[:next].()
p g[:next].()
g[:reset].()
p g[:next].()
acc = []
f = ->(n) { n.zero? ? acc : (acc << n; f.(n - 1)) }
p f.(4)
y = 10
blk = proc { |a, b = y| [a, b] }
y = 20
p blk.call(1)
counter = Enumerator.new do |yy|
  n = 0
  loop { yy << (n += 1) }
end
p counter.take(3)
x = 1
change = -> { x = 99 }
change.()
p x
def nested_closures
  a = 1
  [1, 2].map do |b|
    [10, 20].map do |c|
      a + b + c
    end
  end
end
p nested_closures
