# ensure blocks run when a thread dies from an exception, is killed, or returns normally
Thread.report_on_exception = false
log = Queue.new
a = Thread.new do
  begin
    raise IOError, "disk gone"
  ensure
    log << "a ensure"
  end
end
b = Thread.new do
  begin
    :normal
  ensure
    log << "b ensure"
  end
end
c_started = Queue.new
c = Thread.new do
  begin
    c_started << 1
    sleep
  ensure
    log << "c ensure"
  end
end
c_started.pop
Thread.pass until c.status == "sleep"
c.kill
begin
  a.join
rescue IOError => e
  puts "a died with #{e.class}: #{e.message}"
end
puts "b returned #{b.value}"
c.join
puts "c value #{c.value.inspect}"
msgs = []
msgs << log.pop until log.empty?
puts msgs.sort
