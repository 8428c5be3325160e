# golden: ruby31
# fork after threads have started, from the main thread and from another
# thread, with threads running and parked on a Queue, a Mutex and a
# socket-like pipe: in the child only the forking thread lives (it is
# Thread.main there), the others are dead; the child starts new threads,
# allocates (the collector keeps working), uses pipes opened before the
# fork, and exits with its status.  Expected output from ruby 3.1.
q = Queue.new
m = Mutex.new
$r0, w0 = IO.pipe
sleeper = Thread.new { q.pop }
reader = Thread.new { $r0.gets }
spinner = Thread.new { x = 0; 200_000.times { |i| m.synchronize { x += i } }; x }
sleep 0.05

def child_work(tag, out)
  others = Thread.list.size
  t = Thread.new { (1..1000).map { |i| "s#{i}" }.size }
  q2 = Queue.new
  workers = 4.times.map { |i| Thread.new { q2.push(i * i) } }
  workers.each(&:join)
  sum = 4.times.sum { q2.pop }
  junk = 100_000.times.map { |i| [i, i.to_s] }
  GC.start
  $r0.close     # a dead thread (reader) was parked on it: close does not wait for it
  out.puts "#{tag}: main=#{Thread.current == Thread.main} list=#{others} thread=#{t.value} sum=#{sum} alloc=#{junk.size}"
  out.close
end

rd, wr = IO.pipe
pid = fork do
  rd.close
  child_work("from main", wr)
  exit 5
end
wr.close
puts rd.read
Process.wait(pid)
puts "status #{$?.exitstatus}"

rd, wr = IO.pipe
forker = Thread.new do
  fork do
    rd.close
    child_work("from a thread", wr)
  end
end
cpid = forker.value
wr.close
puts rd.read
Process.wait(cpid)
puts "status #{$?.exitstatus}"

# the parent's threads are untouched
q.push :done
w0.puts "line"
puts sleeper.value, reader.value
puts spinner.value
