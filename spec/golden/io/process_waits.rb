# golden: ruby31
# Process.wait/wait2/waitpid/waitall/detach park the green thread, not
# the worker: while the main thread waits for a child that sleeps, another
# thread keeps ticking (at SPINEL_WORKERS=1 too).  $? and Process::Status
# as CRuby.  Expected output from ruby 3.1.
ticks = 0
ticker = Thread.new { loop { ticks += 1; sleep 0.005 } }

pid = fork { sleep 0.3; exit 3 }
t0 = ticks
r = Process.waitpid(pid)
puts r == pid, $?.exitstatus, $?.success?, $?.pid == pid, $?.exited?, $?.signaled?
puts ticks - t0 > 5

pid = fork { exit 0 }
wpid, st = Process.wait2(pid)
puts wpid == pid, st.class, st.success?, st.exitstatus, st.to_i

pid = fork { Process.kill(:TERM, Process.pid); sleep 1 }
Process.wait(pid)
puts $?.signaled?, $?.termsig, $?.exitstatus.inspect, $?.success?.inspect

pids = 3.times.map { |i| fork { sleep 0.05 * i; exit 10 + i } }
all = Process.waitall
puts all.size, all.map { |p, s| [pids.index(p), s.exitstatus] }.sort.inspect

pid = fork { sleep 0.1; exit 7 }
th = Process.detach(pid)
puts th.pid == pid
puts th.value.exitstatus

puts Process.waitpid(fork { exit 1 }, 0) > 0, $?.exitstatus
begin
  Process.wait
rescue Errno::ECHILD => e
  puts e.class
end
pid = fork { sleep 0.2 }
puts Process.waitpid(pid, Process::WNOHANG).inspect
Process.wait(pid)
ticker.kill
puts "done"
