# Typed recursions with lazily materialised frames, seen from other
# threads: Thread#backtrace of a thread deep in one (taken at its poll),
# Thread#raise with every level's line, preemption between two of them
# with Bignum slow paths (frames made and dropped while switching).

def burn(n)
  n == 0 ? 0 : burn(n - 1) + burn(n - 1) + 1
end

def lines(locs)
  locs.take_while { |l| l.base_label == "burn" }.map(&:lineno)
end

q = Queue.new
t = Thread.new { q << :go; burn(80) }
q.pop
sleep 0.05
bt = t.backtrace_locations
ls = lines(bt)
p ls.size.between?(2, 81), ls.drop(1).uniq, [6, 7].include?(ls[0])
p bt[ls.size].lineno
t.kill
t.join

# Thread#raise: the rescued exception's backtrace has every level
t = Thread.new do
  q << :go
  begin
    burn(80)
  rescue RuntimeError => e
    ls = lines(e.backtrace_locations)
    [e.message, ls.size.between?(2, 81), ls.drop(1).uniq, e.backtrace_locations[ls.size].lineno]
  end
end
q.pop
sleep 0.05
t.raise("stop")
p t.value

# two threads with slow operators (Bignums) at every level, preempted
def big(n) = n < 1 ? 4611686018427387903 : big(n - 1) + n
def fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)
ts = 4.times.map do |i|
  Thread.new do
    s = 0
    300.times { s += big(50 + i) - 4611686018427387903 }
    [s, fib(22 + i)]
  end
end
p ts.map(&:value)
