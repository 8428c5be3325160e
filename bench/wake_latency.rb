# bench: threads — wake-up latency under load: 4 threads burn CPU (pure Ruby
# loops, no blocking) while one thread sleeps 2 ms 200 times and measures how
# late it runs each time. Target: a thread woken while others burn CPU runs
# within 10 ms (the preemption quantum). Prints percentiles as "time:" lines.
# bench-workers: 1 2
# bench-cruby: skip (the GVL hands over only every 100 ms: 200 rounds take over a minute)
# ops = wake-ups
SCALE = 1
rounds = 200 * SCALE
stop = false
burners = Array.new(4) do
  Thread.new do
    x = 0
    until stop
      i = 0
      while i < 10_000
        x += i & 7
        i += 1
      end
    end
    x
  end
end
late = []
rounds.times do
  t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  sleep 0.002
  late << Process.clock_gettime(Process::CLOCK_MONOTONIC) - t0 - 0.002
end
stop = true
burners.each(&:join)
s = late.sort
puts "wakeups = #{rounds} burners = #{burners.size}"
puts "time: wake lateness p50 #{(s[rounds / 2] * 1e6).round} us, p99 #{(s[rounds * 99 / 100] * 1e6).round} us, max #{(s[-1] * 1e6).round} us"
puts "ops: #{rounds}"
