# Thread.stop / wakeup / run and Mutex#sleep
log = Queue.new
t = Thread.new do
  log << :before_stop
  Thread.stop
  log << :after_stop
  :ended
end
p log.pop
Thread.pass until t.stop?
p t.status
t.run
p t.value, log.pop
m = Mutex.new
sleeper = Thread.new do
  m.synchronize do
    m.sleep
    m.owned?
  end
end
Thread.pass until sleeper.status == "sleep"
sleeper.wakeup
p sleeper.value
timed = Thread.new { m.synchronize { m.sleep(0.01); m.owned? } }
p timed.value
begin
  Thread.new { }.join.wakeup
rescue ThreadError => e
  puts "ThreadError: #{e.message}"
end
