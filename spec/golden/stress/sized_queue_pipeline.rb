# A 3-stage pipeline over SizedQueues moves 1,000,000 items; nothing is
# lost or duplicated.  Stage ends are signalled by Queue#close.  Each stage
# is one thread and queues are FIFO, so the i-th item out must be 2i+1:
# checking the order catches any loss or duplicate exactly.
N = 1_000_000
q1 = SizedQueue.new(64)
q2 = SizedQueue.new(64)
q3 = SizedQueue.new(64)

producer = Thread.new do
  1.upto(N) { |i| q1.push(i) }
  q1.close
end
doubler = Thread.new do
  while (x = q1.pop)
    q2 << x * 2
  end
  q2.close
end
incr = Thread.new do
  while (x = q2.pop)
    q3.push(x + 1)
  end
  q3.close
end
count = 0
sum = 0
bad = nil
while (x = q3.pop)
  count += 1
  sum += x
  bad ||= [count, x] if x != 2 * count + 1
end
[producer, doubler, incr].each(&:join)
puts count
puts sum
puts sum == N * (N + 1) + N
p bad
p [q1.closed?, q2.closed?, q3.closed?, q3.empty?, q3.num_waiting]
