# Corpus: threads
results = []
lock = Mutex.new
workers = 4.times.map do |i|
  Thread.new(i) do |n|
    v = (1..1000).sum * n
    lock.synchronize { results << v }
  end
end
workers.each(&:join)
puts results.sort.inspect
q = Queue.new
producer = Thread.new { 3.times { |i| q << i }; q << :done }
consumed = []
while (item = q.pop) != :done
  consumed << item
end
producer.join
puts consumed.inspect
