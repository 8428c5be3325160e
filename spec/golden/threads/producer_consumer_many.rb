# many producers and many consumers over one Queue; per-consumer counts vary,
# so only the totals are printed
q = Queue.new
producers = 5.times.map do |p_id|
  Thread.new { 200.times { |i| q << [p_id, i] } }
end
consumed = Queue.new
consumers = 4.times.map do
  Thread.new do
    n = 0
    while (item = q.pop) != :stop
      consumed << item
      n += 1
    end
    n
  end
end
producers.each(&:join)
4.times { q << :stop }
counts = consumers.map(&:value)
p counts.sum
items = []
items << consumed.pop until consumed.empty?
p items.size, items.uniq.size, items.map(&:first).tally.sort.to_h.values
