# Typed loops (codegen/infer.c): a thread spinning in a typed loop is still
# preempted (other threads run), and Thread#raise / Thread#kill reach it;
# the rescue sees the loop's current values.

ready = Queue.new
t = Thread.new do
  i = 0
  begin
    ready << 1
    while true
      i += 1
    end
  rescue RuntimeError => e
    [e.message, i > 0]
  end
end
ready.pop
sleep 0.05
t.raise("stop")
p t.value

u = Thread.new do
  x = 0.5
  while x > 0.0
    x = x * 1.0000001 + 1.0
  end
end
sleep 0.05
u.kill
u.join
p u.status

# another thread makes progress while this one spins (preemption)
flag = [false]
w = Thread.new { flag[0] = true }
n = 0
while n < 2_000_000_000
  n += 1
  break if n % 1000 == 0 && flag[0]
end
w.join
p flag[0]
