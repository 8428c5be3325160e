# Mutex counters: N threads x M increments = exact total
m = Mutex.new
count = 0
threads = 8.times.map do
  Thread.new do
    1000.times { m.synchronize { count += 1 } }
  end
end
threads.each(&:join)
puts count
totals = Hash.new(0)
lock = Mutex.new
workers = 5.times.map do |w|
  Thread.new(w) do |id|
    200.times do |i|
      lock.synchronize { totals[i % 4] += id }
    end
  end
end
workers.each(&:join)
puts totals.keys.sort.map { |k| "#{k}=#{totals[k]}" }.join(" ")
m2 = Mutex.new
puts m2.locked?
m2.lock
puts m2.locked?, m2.owned?
puts m2.try_lock
m2.unlock
puts m2.locked?, m2.try_lock
m2.unlock
r = m2.synchronize { :value_from_block }
puts r
other_owned = Thread.new { m2.owned? }.value
puts other_owned
