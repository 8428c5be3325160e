# bench: threads — Queue ping-pong between two threads.
# bench-workers: 1 2
# ops = round trips
SCALE = 1
n = 300_000 * SCALE
ping = Queue.new
pong = Queue.new
t = Thread.new do
  while (v = ping.pop)
    pong << v + 1
  end
end
i = 0
acc = 0
while i < n
  ping << i
  acc += pong.pop
  i += 1
end
ping << nil
t.join
puts "round trips = #{n} acc = #{acc}"
puts "ops: #{n}"
