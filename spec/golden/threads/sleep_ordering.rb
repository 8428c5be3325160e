# sleep-based ordering with generous margins (0.3 s apart)
out = Queue.new
ts = [[:third, 0.6], [:first, 0.0], [:second, 0.3]].map do |name, delay|
  Thread.new { sleep delay; out << name }
end
ts.each(&:join)
order = []
order << out.pop until out.empty?
p order
t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
sleep 0.05
p Process.clock_gettime(Process::CLOCK_MONOTONIC) - t0 >= 0.05
r = sleep(0.01)
p r.is_a?(Integer)
