# Queue / SizedQueue / Mutex / ConditionVariable used from one thread (3.4 API incl. pop(timeout:))
q = Queue.new([1, 2])
q << 3
q.push(4)
q.enq(5)
p q.size, q.length, q.empty?, q.num_waiting, q.closed?
p q.pop, q.shift, q.deq, q.pop(true), q.pop(timeout: 0), q.pop(timeout: 0.01), q.size
begin
  q.pop(true)
rescue ThreadError => e
  puts "#{e.class}: #{e.message}"
end
q << :x
q.clear
p q.empty?
q.close
p q.closed?, q.pop
begin
  q.push(1)
rescue ClosedQueueError => e
  puts "#{e.class}: #{e.message}"
end
p ClosedQueueError.ancestors.take(3)
sq = SizedQueue.new(2)
sq << 1
sq.push(2)
p sq.max, sq.size
begin
  sq.push(3, true)
rescue ThreadError => e
  puts "#{e.class}: #{e.message}"
end
p sq.push(3, timeout: 0.01)
sq.max = 5
sq << 3
p sq.size, sq.pop, Thread::Queue.equal?(Queue), Thread::SizedQueue.equal?(SizedQueue)
m = Mutex.new
p m.locked?, m.try_lock, m.locked?, m.owned?, m.try_lock
m.unlock
p m.synchronize { :in_sync }, Thread::Mutex.equal?(Mutex)
begin
  m.unlock
rescue ThreadError => e
  puts "#{e.class}: #{e.message}"
end
m.lock
begin
  m.lock
rescue ThreadError => e
  puts "#{e.class}: #{e.message}"
end
m.unlock
cv = ConditionVariable.new
p cv.signal.class, cv.broadcast.class
m.synchronize { p cv.wait(m, 0.01).class }
p Thread.current.alive?, Thread.main == Thread.current, Thread.current.status
p Thread.current[:k].nil?, (Thread.current[:k] = 5), Thread.current[:k], Thread.current.key?(:k)
