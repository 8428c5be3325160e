# Process.clock_gettime monotonic differences (only comparisons are printed)
t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
sum = 0
100_000.times { |i| sum += i }
t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
p sum
p t1 >= t0, (t1 - t0).class, (t1 - t0) < 60
ms = Process.clock_gettime(Process::CLOCK_MONOTONIC, :millisecond)
p ms.class
ns1 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
sleep 0.01
ns2 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
p ns2 - ns1 >= 10_000_000
p Process.pid.is_a?(Integer)
p Time.now.is_a?(Time), Time.now.year >= 2024
