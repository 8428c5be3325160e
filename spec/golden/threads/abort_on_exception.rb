# golden: no-err
# Thread#abort_on_exception = true: an exception in the thread is re-raised in
# the main thread, which dies with it (exit 1).  stderr includes a thread
# address, so only stdout and the status are checked.
Thread.report_on_exception = false
q = Queue.new
t = Thread.new do
  Thread.current.abort_on_exception = true
  q.pop
  raise "worker exploded"
end
puts "main waiting"
$stdout.flush
q << :go
sleep 5
puts "not reached"
