# Two producer threads send numbers through a Queue; the main thread
# sums them and joins the producers.
queue = Queue.new

producers = 2.times.map do |id|
  Thread.new(id) do |n|
    5.times { |i| queue << (n * 100 + i) }
    "producer #{n} done"
  end
end

total = 0
10.times { total += queue.pop }
producers.each { |t| puts t.value }
puts "sum: #{total}"
