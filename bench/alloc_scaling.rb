# bench: threads — allocation-heavy scaling: small arrays/strings built in THREADS threads.
# bench-threads: 1 2 4
# bench-workers: 1 2
# ops = allocating iterations (total)
# Sized to run ~0.8 s at SPINEL_WORKERS=1 (and about as long in CRuby).
SCALE = 1
THREADS = 1
total = 8_000_000 * SCALE
per = total / THREADS
ths = Array.new(THREADS) do |k|
  Thread.new do
    s = 0
    i = 0
    while i < per
      a = [i, k, i + k]
      s += a.size + a[2] - i
      i += 1
    end
    s
  end
end
puts "sum = #{ths.sum(&:value)}"
puts "ops: #{per * THREADS}"
