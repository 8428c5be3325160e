# Typed method entries and threads: preemption and Thread#raise / #kill
# reach a thread that is deep inside a typed recursion (the entry poll),
# and a redefinition made by another thread is seen.

def burn(n) = n == 0 ? 0 : burn(n - 1) + burn(n - 1) + 1
def fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)

# 1. two threads recursing at once (preempted on one worker)
ts = 4.times.map { |i| Thread.new { fib(20 + i) } }
p ts.map(&:value)

# 2. Thread#raise delivered inside a long typed recursion
q = Queue.new
t = Thread.new do
  q << :started
  begin
    burn(60)
    :finished
  rescue RuntimeError => e
    [e.message, e.backtrace_locations.first.lineno,
     e.backtrace_locations.count { |l| l.lineno == 5 } >= 1]
  end
end
q.pop
sleep 0.05
t.raise(RuntimeError, "stop")
p t.value

# 3. Thread#kill
t = Thread.new { q << :started; burn(60) }
q.pop
sleep 0.05
t.kill
p t.join.status

# 4. another thread redefines the method being recursed: the recursion,
#    which would otherwise run for ages, sees it at its next call
def spin(n) = n == 0 ? 0 : spin(n - 1) + spin(n - 1) + 1
t = Thread.new { q << :started; spin(60) }
q.pop
sleep 0.05
def spin(n) = 0
p t.value.is_a?(Integer)
p fib(15)
