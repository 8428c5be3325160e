# bench: threads — CPU-bound scaling: a fixed amount of integer work split over THREADS threads.
# bench-threads: 1 2 4
# bench-workers: 1 2
# bench-cruby: skip (the GVL runs one thread at a time, and 500M iterations take CRuby ~11 s per run)
# ops = inner iterations (total, independent of THREADS)
# Sized to run ~1 s at SPINEL_WORKERS=1 so that start-up (~2 ms) and the
# second worker's wake-up are noise in the 2-worker/1-worker ratio.
SCALE = 1
THREADS = 1
total = 500_000_000 * SCALE
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
