# Thread#kill runs ensure blocks; killed thread's value is nil
log = Queue.new
started = Queue.new
t = Thread.new do
  begin
    started << true
    sleep
  ensure
    log << "ensure ran"
  end
end
started.pop
Thread.pass until t.status == "sleep"
t.kill
p t.join.equal?(t)
p t.value
p log.pop
p t.alive?, t.status
t2 = Thread.new do
  begin
    Thread.current.kill
    log << "not reached"
  ensure
    log << "self-kill ensure"
  end
end
t2.join
p log.pop, log.empty?
t3 = Thread.new { Thread.exit; :never }
p t3.value
