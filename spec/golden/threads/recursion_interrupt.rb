# Thread#raise, Thread#kill and preemption reach a thread that is deep in
# a hot self-recursion (the method-entry safepoint of the direct calls).
def fib(n)
  n < 2 ? n : fib(n - 1) + fib(n - 2)
end

started = Queue.new
t = Thread.new do
  begin
    started << true
    fib(60)
    puts "not interrupted"
  rescue RuntimeError => e
    puts "rescued: #{e.message}"
  end
end
started.pop
sleep 0.05
t.raise("stop now")
t.join
puts "raise: done"

started = Queue.new
ensured = false
t = Thread.new do
  begin
    started << true
    fib(60)
  ensure
    ensured = true
  end
end
started.pop
sleep 0.05
t.kill
t.join
puts "kill: ensure ran = #{ensured}, alive = #{t.alive?}"

# preemption: two recursing threads and the main thread all progress
counter = 0
spinner = Thread.new { loop { fib(18); counter += 1 } }
r = Thread.new { fib(24) }
p r.value
sleep 0.01 while counter == 0
spinner.kill
spinner.join
puts "preempted: ok"
