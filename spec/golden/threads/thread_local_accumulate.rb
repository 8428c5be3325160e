# per-thread accumulation then a deterministic combine
results = 6.times.map do |i|
  Thread.new do
    Thread.current[:acc] = []
    (i * 10...(i + 1) * 10).each { |x| Thread.current[:acc] << x if x % 3 == 0 }
    Thread.current[:acc]
  end
end.map(&:value)
p results
p results.flatten.sum
ths = 3.times.map { |i| Thread.new { Thread.current[:id] = i; Thread.stop; Thread.current[:id] * 100 } }
Thread.pass until ths.all?(&:stop?)
p ths.map { |t| t[:id] }
ths.each(&:run)
p ths.map(&:value)
