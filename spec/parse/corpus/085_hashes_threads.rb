# Corpus: hashes, threads, proc_arity, then_tap
inventory = {apple: 3, "banana" => 5, pear: 0}
inventory[:kiwi] = 7
inventory.delete(:pear)
inventory.each_pair { |k, v| puts "#{k}=#{v}" }
puts inventory.select { |_, v| v > 4 }.keys.inspect
puts inventory.transform_values { _1 * 2 }.values.sum
defaults = {color: "red", size: 1}
opts = {**defaults, size: 3}
puts opts.inspect
puts opts.fetch(:weight, "none"), opts.dig(:color)

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

pr = proc { |a, b| [a, b] }
la = lambda { |a, b| [a, b] }
puts pr.call(1).inspect, pr.call(1, 2, 3).inspect, pr.call([4, 5]).inspect
puts pr.arity, la.arity, la.lambda?, proc { |*a| a }.call(1, 2).inspect
begin
  la.call(1)
rescue ArgumentError => e
  puts e.class
end

puts 5.then { _1 * 3 }
v = [3, 1, 2].tap { |a| puts "before sort #{a.size}" }.sort
puts v.inspect
puts 10.clamp(1, 5), 4.between?(1, 5), 7.pred.succ
