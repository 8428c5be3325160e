# threads spawning threads: a recursive parallel sum over a tree of ranges
def psum(lo, hi, depth)
  return (lo...hi).sum if depth.zero? || hi - lo < 100
  mid = (lo + hi) / 2
  left = Thread.new { psum(lo, mid, depth - 1) }
  right = Thread.new { psum(mid, hi, depth - 1) }
  left.value + right.value
end
p psum(0, 100_000, 4), (0...100_000).sum
def pfib(n) = n < 15 ? fib(n) : [Thread.new { pfib(n - 1) }, Thread.new { pfib(n - 2) }].sum(&:value)
def fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)
p pfib(18)
counter = 0
m = Mutex.new
spawn = lambda do |d|
  m.synchronize { counter += 1 }
  next [] if d.zero?
  2.times.map { Thread.new { spawn.(d - 1) } }.each(&:join)
end
spawn.(6)
p counter
