# Thread#raise into a sleeping thread
ready = Queue.new
t = Thread.new do
  begin
    ready << :sleeping
    sleep
    :woke_normally
  rescue RuntimeError => e
    "rescued in thread: #{e.message}"
  end
end
ready.pop
Thread.pass until t.status == "sleep"
t.raise("wake up")
puts t.value
class Stop < StandardError; end
q = Queue.new
worker = Thread.new do
  n = 0
  begin
    loop { q.pop; n += 1 }
  rescue Stop
    "stopped after #{n} items"
  end
end
5.times { q << 1 }
Thread.pass until q.empty? && worker.status == "sleep"
worker.raise(Stop)
puts worker.value
t3 = Thread.new { sleep }
Thread.pass until t3.status == "sleep"
t3.report_on_exception = false
t3.raise(ArgumentError, "custom message")
begin
  t3.join
rescue ArgumentError => e
  puts "join got #{e.class}: #{e.message}"
end
