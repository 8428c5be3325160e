# golden: no-err
# Main thread joins a thread blocked forever on an empty queue: CRuby reports
# "No live threads left. Deadlock?" (fatal) on stderr and exits 1.  The report
# lists threads with their addresses, so only stdout and the status are checked.
q = Queue.new
t = Thread.new { q.pop }
puts "joining a thread that can never finish"
$stdout.flush
t.join
puts "not reached"
