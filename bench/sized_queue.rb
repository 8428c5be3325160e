# bench: threads — SizedQueue(64) producer/consumer: 2 producers, 2 consumers.
# bench-workers: 1 2
# ops = items
SCALE = 1
per = 1_000_000 * SCALE
q = SizedQueue.new(64)
producers = 2.times.map do |p|
  Thread.new do
    i = 0
    while i < per
      q << i * 2 + p
      i += 1
    end
  end
end
consumers = 2.times.map do
  Thread.new do
    s = 0
    while (v = q.pop)
      s += v
    end
    s
  end
end
producers.each(&:join)
2.times { q << nil }
total = consumers.sum(&:value)
puts "items = #{2 * per} sum = #{total}"
puts "ops: #{2 * per}"
