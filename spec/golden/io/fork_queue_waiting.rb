# golden: ruby31
# Queue#num_waiting and SizedQueue#num_waiting in a fork child: the threads
# that waited in the parent did not come along, so the child counts none
# of them (as CRuby), and pushes and pops there skip them; the parent's
# waiters are untouched.
q = Queue.new
sq = SizedQueue.new(1)
sq << 1
t = Thread.new { q.pop }
t2 = Thread.new { sq << 2 }
sleep 0.01 until q.num_waiting == 1 && sq.num_waiting == 1
p [q.num_waiting, sq.num_waiting]
pid = fork do
  p [:child, q.num_waiting, sq.num_waiting, t.alive?, t2.alive?]
  q << :x
  p [:child_after_push, q.num_waiting, q.size]
  p q.pop
  sq.pop
  p [:child_sq, sq.num_waiting, sq.size]
  waiter = Thread.new { q.pop }
  sleep 0.01 until q.num_waiting == 1
  p [:child_own_waiter, q.num_waiting]
  q << :y
  p waiter.value
end
Process.wait(pid)
p $?.success?
p [:parent, q.num_waiting, sq.num_waiting]
q << :done
p t.value
sq.pop
t2.join
p [q.num_waiting, sq.num_waiting, sq.size]
