# golden: ruby31
# ThreadGroup#enclose / #enclosed?: no thread moves into or out of an
# enclosed group (ThreadError with CRuby's messages).
q1, q2 = Queue.new, Queue.new
t = Thread.new { q1 << :go; q2.pop }
q1.pop
g = ThreadGroup.new
p g.enclosed?
g.add(t)
p g.enclose.equal?(g), g.enclosed?
begin
  ThreadGroup::Default.add(t)
rescue ThreadError => e
  p e.message
end
begin
  g.add(Thread.current)
rescue ThreadError => e
  p e.message
end
p g.instance_variables
q2 << :done
t.join
