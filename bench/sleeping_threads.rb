# bench: threads — THREADS idle threads blocked on a Queue at once (10,000 and 100,000).
# Memory per thread = (peak RSS - baseline RSS) / ops (the driver prints it as KiB/op).
# bench-threads: 10000 100000
# bench-workers: 1 2
# bench-cruby: skip (100k OS threads exceed CRuby's default limits)
# ops = threads alive at once
SCALE = 1
THREADS = 100_000
n = THREADS * SCALE
gate = Queue.new
ths = Array.new(n) { Thread.new { gate.pop } }
Thread.pass while gate.num_waiting < n
n.times { |i| gate << i }
sum = ths.sum(&:value)
puts "threads = #{n} sum = #{sum}"
puts "ops: #{n}"
