# Inline Mutex#synchronize left by Thread#kill, Thread#raise and an uncaught
# exception in a thread: the mutex is unlocked each time; the unlock on the
# way out wakes the next locker.
m = Mutex.new
# killed and interrupted while inside the block
q = Queue.new
t = Thread.new { m.synchronize { q << :in; sleep } }
q.pop
t.kill
t.join
puts "killed locked=#{m.locked?}"

t = Thread.new do
  begin
    m.synchronize { q << :in; sleep }
  rescue RuntimeError => e
    "#{e.message} locked=#{m.locked?} owned=#{m.owned?}"
  end
end
q.pop
t.raise("interrupt")
puts t.value

# uncaught in a thread: the join re-raises, the mutex is free
t = Thread.new { Thread.current.report_on_exception = false; m.synchronize { raise "in thread" } }
begin
  t.join
rescue => e
  puts "joined #{e.message} locked=#{m.locked?}"
end

# contention: the unlock on the way out wakes the next locker
n = 0
ths = 4.times.map do
  Thread.new do
    200.times do |k|
      begin
        m.synchronize { n += 1; raise "odd" if k.odd? }
      rescue RuntimeError
      end
    end
  end
end
ths.each(&:join)
puts "n=#{n} locked=#{m.locked?}"
