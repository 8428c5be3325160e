# ThreadGroup membership and Thread.list bookkeeping
tg = ThreadGroup.new
q = Queue.new
ts = 3.times.map { Thread.new { q.pop } }
ts.each { |t| tg.add(t) }
Thread.pass until ts.all? { |t| t.status == "sleep" }
p tg.list.size, ts.all? { |t| t.group == tg }, Thread.main.group == ThreadGroup::Default
p (Thread.list & ts).size
3.times { q << :go }
ts.each(&:join)
p tg.list.size, Thread.list.include?(Thread.main), (Thread.list & ts).size
