# Corpus: threads, percent_literals
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

puts %w[one two three].length, %i[a b].inspect, %q(single 'quoted' #{x}), %Q(double "#{1 + 1}")
puts %(parens (nested) ok), %w{braces {nested}}.inspect, %r[\d+/\d+].match("10/20")[0]
puts %s(sym).inspect, %w[a\ b c].inspect
puts %W[#{1}x y#{2}].inspect
