# Queue producer/consumer: exact sums regardless of scheduling
q = Queue.new
producers = 4.times.map do |pid|
  Thread.new do
    100.times { |i| q << pid * 1000 + i }
  end
end
results = []
consumer = Thread.new do
  400.times { results << q.pop }
end
producers.each(&:join)
consumer.join
puts results.size
puts results.sum
puts results.sort == (0...4).flat_map { |pid| (0...100).map { |i| pid * 1000 + i } }
per_producer = results.group_by { |v| v / 1000 }
per_producer.keys.sort.each do |k|
  vals = per_producer[k]
  puts "producer #{k}: #{vals.size} items, in order: #{vals == vals.sort}"
end
puts q.empty?, q.size, q.length
