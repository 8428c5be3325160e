# bench: single-thread allocation — binary trees (short-lived objects, GC).
SCALE = 1
def make(d)
  d == 0 ? [nil, nil] : [make(d - 1), make(d - 1)]
end
def check(t)
  t[0] ? 1 + check(t[0]) + check(t[1]) : 1
end
max_depth = 16 + SCALE - 1
long_lived = make(max_depth)
d = 4
while d <= max_depth
  iters = 1 << (max_depth - d + 4)
  c = 0
  iters.times { c += check(make(d)) }
  puts "#{iters} trees of depth #{d} check: #{c}"
  d += 2
end
puts "long lived tree of depth #{max_depth} check: #{check(long_lived)}"
