# Queue#pop(true) raises ThreadError when empty; num_waiting; clear; shift/deq aliases
q = Queue.new
begin
  q.pop(true)
rescue ThreadError => e
  puts "ThreadError: #{e.message}"
end
q.push(1)
q.enq(2)
q << 3
p q.size, q.shift, q.deq, q.pop(true), q.empty?
q.push(:a)
q.clear
p q.size
waiters = 2.times.map { Thread.new { q.pop } }
Thread.pass until q.num_waiting == 2
p q.num_waiting
q << :x << :y
p waiters.map(&:value).sort
sq = SizedQueue.new(2)
sq << 1 << 2
begin
  sq.push(3, true)
rescue ThreadError => e
  puts "ThreadError: #{e.message}"
end
sq.max = 3
sq.push(3, true)
p sq.size, sq.max
