# Thread#raise and Thread#kill reach a thread inside a foreign call when the
# call returns (raised from Function#call); meanwhile its status is "sleep".
require 'fiddle'

Thread.report_on_exception = false
usleep = Fiddle::Function.new(Fiddle::Handle::DEFAULT['usleep'], [Fiddle::TYPE_INT], Fiddle::TYPE_INT)
clock = -> { Process.clock_gettime(Process::CLOCK_MONOTONIC) }
# usleep ends early when a signal arrives (the collector's stop-the-world
# signal): call it again for the rest
foreign_wait = lambda do |sec|
  t = clock.()
  while (left = sec - (clock.() - t)) > 0
    usleep.call((left * 1_000_000).ceil)
  end
end

log = Queue.new
t = Thread.new do
  begin
    foreign_wait.(0.6)
    log << :not_interrupted
  rescue RuntimeError => e
    log << "rescued #{e.message}"
    raise
  end
end
sleep 0.3
p t.status
t.raise(RuntimeError, "late")
r = begin
  t.value
rescue => e
  "value raised #{e.message}"
end
p log.pop, r

k = Thread.new do
  begin
    foreign_wait.(0.6)
    log << :after_call
  ensure
    log << :ensure_ran
  end
end
sleep 0.3
p k.status
k.kill
k.join
p log.pop, log.size, k.status
