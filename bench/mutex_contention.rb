# bench: threads — Mutex contention: 4 threads increment a shared counter.
# bench-workers: 1 2
# ops = total synchronize calls
SCALE = 1
per = 250_000 * SCALE
m = Mutex.new
c = 0
ths = 4.times.map do
  Thread.new do
    i = 0
    while i < per
      m.synchronize { c += 1 }
      i += 1
    end
  end
end
ths.each(&:join)
puts "count = #{c}"
puts "ops: #{4 * per}"
