# golden: ruby31
Thread.report_on_exception = false
t = Thread.new { 1 + 1 }
p t.value
threads = 4.times.map { |i| Thread.new(i) { |n| n * n } }
p threads.map(&:value)
q = Queue.new
producer = Thread.new do
  5.times { |i| q << i }
  q << :done
end
items = []
while (v = q.pop) != :done
  items << v
end
producer.join
p items
m = Mutex.new
count = 0
ths = 4.times.map do
  Thread.new do
    1000.times { m.synchronize { count += 1 } }
  end
end
ths.each(&:join)
p count
r = Thread.new { Thread.current[:x] = 5; Thread.current[:x] }.value
p r
e = Thread.new { raise ArgumentError, "in thread" }
begin
  e.join
rescue ArgumentError => err
  puts "joined: #{err.message}"
end
sq = SizedQueue.new(2)
c = Thread.new { 3.times.map { sq.pop } }
3.times { |i| sq.push(i * 10) }
p c.value
