# bench: threads — Queue streaming: one producer pushes 2M items, one consumer pops.
# bench-workers: 1 2
# ops = items
SCALE = 1
n = 2_000_000 * SCALE
q = Queue.new
c = Thread.new do
  s = 0
  while (v = q.pop)
    s += v
  end
  s
end
i = 0
while i < n
  q << i
  i += 1
end
q << nil
puts "items = #{n} sum = #{c.value}"
puts "ops: #{n}"
