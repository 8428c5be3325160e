# Thread#status / alive? / stop? through a thread's life
q = Queue.new
t = Thread.new { q.pop; :finished }
Thread.pass until t.status == "sleep"
p t.status, t.alive?, t.stop?
q << :go
p t.value, t.status, t.alive?, t.stop?
e = Thread.new { raise ArgumentError, "x" }
e.report_on_exception = false
begin
  e.join
rescue ArgumentError
end
p e.status, e.alive?
k = Thread.new { sleep }
Thread.pass until k.status == "sleep"
k.kill
k.join
p k.status, k.alive?
p Thread.current.status, Thread.current.alive?, Thread.main.status
