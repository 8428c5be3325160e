# Thread#raise and Thread#kill reach a thread inside a foreign call when the
# call returns (raised from Function#call); meanwhile its status is "sleep".
require 'fiddle'

Thread.report_on_exception = false
usleep = Fiddle::Function.new(Fiddle::Handle::DEFAULT['usleep'], [Fiddle::TYPE_INT], Fiddle::TYPE_INT)

log = Queue.new
t = Thread.new do
  begin
    usleep.call(600_000)
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
    usleep.call(600_000)
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
