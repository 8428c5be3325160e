# golden: ruby31
# Timeout compiled from the installed timeout.rb: it interrupts a thread
# blocked in sleep, Queue#pop and Mutex#lock.
require 'timeout'
p Timeout.timeout(1) { :fast }
begin
  Timeout.timeout(0.1) { sleep 5 }
rescue Timeout::Error => e
  p e.class, e.message
end
q = Queue.new
begin
  Timeout.timeout(0.1) { q.pop }
rescue Timeout::Error => e
  puts "queue pop interrupted: #{e.message}"
end
m = Mutex.new
m.lock
t = Thread.new do
  Timeout.timeout(0.1) { m.lock }
rescue Timeout::Error
  :mutex_interrupted
end
p t.value
m.unlock
class MyErr < StandardError; end
begin
  Timeout.timeout(0.1, MyErr, "custom") { sleep 5 }
rescue MyErr => e
  p e.class, e.message
end
p Timeout.timeout(nil) { 42 }
