# 4 producers x 250,000 items into one Queue, 4 consumers: every item is
# received exactly once.  Then close wakes all blocked poppers with nil.
q = Queue.new
producers = 4.times.map do |p|
  Thread.new do
    base = p * 250_000
    1.upto(250_000) { |i| q << base + i }
  end
end
results = Queue.new
consumers = 4.times.map do
  Thread.new do
    n = 0
    s = 0
    while (x = q.pop)
      n += 1
      s += x
    end
    results << [n, s]
  end
end
producers.each(&:join)
q.close
consumers.each(&:join)
n = 0
s = 0
4.times { a, b = results.pop; n += a; s += b }
puts n
puts s == 1_000_000 * 1_000_001 / 2
p q.pop
p q.closed?

# blocked poppers on a closed queue all get nil
q2 = Queue.new
poppers = 50.times.map { Thread.new { q2.pop } }
Thread.pass until q2.num_waiting == 50
q2.close
p poppers.map(&:value).uniq
# blocked pushers on a closed SizedQueue all get ClosedQueueError
sq = SizedQueue.new(1)
sq << :full
pushers = 20.times.map { Thread.new { begin; sq.push(1); :pushed; rescue ClosedQueueError => e; e.message; end } }
Thread.pass until sq.num_waiting == 20
sq.close
p pushers.map(&:value).uniq
p sq.pop, sq.pop
