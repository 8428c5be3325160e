# Queue#close: pop returns nil once drained; push raises ClosedQueueError
q = Queue.new
q << 1 << 2
q.close
p q.closed?, q.pop, q.pop, q.pop, q.empty?
begin
  q << 3
rescue ClosedQueueError => e
  puts "#{e.class}: #{e.message}"
end
q2 = Queue.new
waiters = 3.times.map { Thread.new { q2.pop } }
Thread.pass until waiters.all? { |w| w.status == "sleep" }
q2.close
p waiters.map(&:value)
sq = SizedQueue.new(1)
sq << :a
pusher = Thread.new do
  begin
    sq.push(:b)
    :pushed
  rescue ClosedQueueError => e
    e.class.name
  end
end
Thread.pass until pusher.status == "sleep"
sq.close
p pusher.value
p sq.pop, sq.pop
work = Queue.new
results = Queue.new
consumers = 3.times.map do
  Thread.new do
    while (job = work.pop)
      results << job * 2
    end
    :drained
  end
end
(1..30).each { |i| work << i }
work.close
p consumers.map(&:value)
out = []
out << results.pop until results.empty?
p out.sort == (1..30).map { |i| i * 2 }, out.sum
p Queue.new.tap(&:close).pop, Queue.new.num_waiting
