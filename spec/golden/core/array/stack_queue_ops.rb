# arrays as stacks, queues and deques; rotate-based round robin; bounded history
stack = []
%w[a b c].each { |c| stack.push(c) }
p stack.pop, stack.last, stack
queue = []
queue.push(1, 2, 3)
p queue.shift, queue.first, queue
deque = [2, 3]
deque.unshift(1)
deque.push(4)
p deque.shift, deque.pop, deque
players = %w[ann bob cy]
turns = 7.times.map { players.first.tap { players.rotate! } }
p turns, players
history = []
(1..10).each { |i| history.push(i); history.shift if history.size > 3 }
p history
rpn = "3 4 + 2 * 7 -".split.each_with_object([]) do |t, st|
  if t =~ /\d/
    st.push(t.to_i)
  else
    b, a = st.pop, st.pop
    st.push(a.send(t, b))
  end
end
p rpn
q = (1..5).to_a
out = []
out << q.shift until q.empty?
p out, q.shift, q.pop, [].pop(2), [1, 2, 3].pop(5), [1, 2, 3].shift(2)
josephus = (1..7).to_a
order = []
until josephus.empty?
  josephus.rotate!(2)
  order << josephus.pop
end
p order
