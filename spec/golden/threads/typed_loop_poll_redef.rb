# A thread spinning in a typed loop that runs no Ruby code (it polls every
# 1024 back-edges): Integer#+ redefined by another thread is seen, and
# Thread#raise / #kill / preemption still reach it.

q = Queue.new
t = Thread.new do
  x = 0
  q << :go
  while x < 1152921504606846976
    x += 1
  end
  x > 1152921504606846976
end
q.pop
sleep 0.05
class Integer
  alias_method :orig_plus, :+
  def +(o) = orig_plus(o).orig_plus(2305843009213693952)
end
p t.value
class Integer
  def +(o) = orig_plus(o)
end

t = Thread.new do
  s = 0
  begin
    q << :go
    loop_i = 0
    while loop_i < 1152921504606846976
      s += loop_i
      loop_i += 1
      s = 0 if s > 1099511627776
    end
  rescue RuntimeError => e
    [e.message, loop_i > 0]
  end
end
q.pop
sleep 0.05
t.raise("stop")
p t.value

t = Thread.new { q << :go; i = 0; i += 1 while i < 1152921504606846976 }
q.pop
sleep 0.02
t.kill
p t.join.status

flag = [false]
w = Thread.new { sleep 0.01; flag[0] = true }
n = 0
n += 1 while n < 1152921504606846976 && !flag[0]
w.join
p flag[0], n > 0
