# Signal.trap with blocks, procs and strings, Signal.list/signame,
# SignalException; a handler runs in the main thread while it is parked;
# an untrapped SIGTERM runs ensure and at_exit, then kills the process.
got = []
p trap("USR1") { |n| got << n }
Process.kill(:USR1, Process.pid)
sleep 0.1
p got
p Signal.trap("USR1", "IGNORE").class
Process.kill("USR1", Process.pid)
sleep 0.05
p got
p trap("USR1", "DEFAULT")
p trap("USR2", proc { |n| got << Signal.signame(n) })
Process.kill("SIGUSR2", Process.pid)
sleep 0.1
p got
p Signal.list["TERM"], Signal.list["INT"], Signal.list["EXIT"], Signal.signame(1)
begin
  trap("KILL") {}
rescue => e
  p e.class
end
e = SignalException.new("TERM")
p e.signo, e.message
p SignalException.new(1).message, Interrupt.new.signo
# a handler runs in the main thread even while it is parked (join)
r, w = IO.pipe
trap("HUP") { w.write("hup handled in #{Thread.current == Thread.main ? 'main' : 'other'}\n") }
t = Thread.new { sleep 0.1; Process.kill(:HUP, Process.pid); r.gets }
p t.value
# an untrapped TERM raises SignalException in the main thread
begin
  Process.kill(:TERM, Process.pid)
  sleep 1
  p :not_reached
rescue SignalException => e
  p e.class, e.message, e.signo
end
trap("TERM", "DEFAULT")
at_exit { puts "at_exit ran" }
begin
  Process.kill(:TERM, Process.pid)
  sleep 1
ensure
  puts "ensure ran"
end
