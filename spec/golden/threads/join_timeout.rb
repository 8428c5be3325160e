# join(timeout) returns nil while the thread is still sleeping
q = Queue.new
t = Thread.new { q.pop; :released }
r = t.join(0.05)
p r
p t.alive?
q << 1
p t.join(5).equal?(t), t.value
fast = Thread.new { 1 + 1 }
p fast.join(10).nil?, fast.value
p Thread.new { sleep 0.01; :short }.join(10)&.value
