# Mutex#synchronize compiled inline: every way into and out of the block
# leaves the mutex in the state CRuby leaves it.
m = Mutex.new

# plain, nested in a loop
n = 0
1000.times { m.synchronize { n += 1 } }
puts "count #{n} locked=#{m.locked?}"

# raise inside the block
begin
  m.synchronize { raise ArgumentError, "boom" }
rescue ArgumentError => e
  puts "rescued #{e.message} locked=#{m.locked?}"
end

# break out of the block
r = [1, 2, 3].each { |x| m.synchronize { break x * 10 if x == 2 } }
puts "break #{r} locked=#{m.locked?}"

# recursive locking
begin
  m.synchronize { m.synchronize { } }
rescue ThreadError => e
  puts "recursive: #{e.message} locked=#{m.locked?}"
end

# Mutex#sleep inside the block relocks; the block still unlocks at the end
m.synchronize { m.sleep(0.01) }
puts "after sleep locked=#{m.locked?} owned=#{m.owned?}"

# ConditionVariable wait inside the block
cv = ConditionVariable.new
ready = false
t = Thread.new { m.synchronize { ready = true; cv.signal } }
m.synchronize { cv.wait(m) until ready }
t.join
puts "after cv locked=#{m.locked?}"

# unlock inside the block: the block's own unlock then raises
begin
  m.synchronize { m.unlock }
rescue ThreadError => e
  puts "unlock inside: #{e.class} locked=#{m.locked?}"
end

# a thread killed inside the block releases the mutex
q = Queue.new
t = Thread.new { m.synchronize { q << 1; sleep } }
q.pop
puts "held by other: #{m.locked?} owned=#{m.owned?}"
t.kill
t.join
puts "after kill locked=#{m.locked?}"

# a thread that dies with a Fiber suspended inside the block: CRuby
# releases what the thread's fibers hold
t = Thread.new do
  f = Fiber.new { m.synchronize { Fiber.yield 1 } }
  f.resume
  :done
end
puts "thread value #{t.value} locked=#{m.locked?}"
m.synchronize { puts "relocked ok" }

# many threads, contended
c = 0
ths = 4.times.map { Thread.new { 2000.times { m.synchronize { c += 1 } } } }
ths.each(&:join)
puts "contended #{c} locked=#{m.locked?}"
