# bench: threads — timer precision: 10,000 threads each sleep once (1..50 ms,
# spread evenly) and measure how late they woke (CLOCK_MONOTONIC).
# Prints the lateness percentiles as "time:" lines (not compared with CRuby).
# bench-workers: 1 2
# ops = sleepers
SCALE = 1
n = 10_000 * SCALE
late = Array.new(n, 0.0)
ths = Array.new(n) do |i|
  Thread.new(i) do |k|
    d = 0.001 + (k % 50) * 0.001
    t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    sleep d
    late[k] = Process.clock_gettime(Process::CLOCK_MONOTONIC) - t0 - d
  end
end
ths.each(&:join)
s = late.sort
neg = s.count { |x| x < -0.0005 }
puts "sleepers = #{n} woke early = #{neg}"
puts "time: lateness p50 #{(s[n / 2] * 1e6).round} us, p99 #{(s[n * 99 / 100] * 1e6).round} us, max #{(s[-1] * 1e6).round} us"
puts "ops: #{n}"
