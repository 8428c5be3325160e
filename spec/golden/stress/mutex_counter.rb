# 4 threads x 1,000,000 Mutex#synchronize increments: none may be lost.
m = Mutex.new
count = 0
threads = 4.times.map do
  Thread.new do
    1_000_000.times { m.synchronize { count += 1 } }
  end
end
threads.each(&:join)
puts count
p m.locked?

# lock/unlock/try_lock by hand, mixed with synchronize
total = 0
ts = 4.times.map do |i|
  Thread.new do
    n = 0
    100_000.times do |j|
      if j.even?
        m.lock
        total += 1
        m.unlock
      elsif m.try_lock
        total += 1
        n += 1
        m.unlock
      else
        m.synchronize { total += 1 }
      end
    end
  end
end
ts.each(&:join)
puts total
