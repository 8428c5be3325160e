# bench: threads — CPU-bound scaling: a fixed amount of integer work split over THREADS threads.
# bench-threads: 1 2 4
# bench-workers: 1 2
# ops = inner iterations (total, independent of THREADS)
SCALE = 1
THREADS = 1
total = 40_000_000 * SCALE
per = total / THREADS
ths = Array.new(THREADS) do |k|
  Thread.new do
    s = 0
    i = 0
    while i < per
      s += (i ^ k) & 15
      i += 1
    end
    s
  end
end
puts "sum = #{ths.sum(&:value)}"
puts "ops: #{per * THREADS}"
