# SizedQueue pipeline: stage1 -> stage2 -> stage3 with small buffers and end markers
q1 = SizedQueue.new(2)
q2 = SizedQueue.new(3)
puts q1.max, q2.max
stage1 = Thread.new do
  (1..50).each { |i| q1.push(i) }
  q1.push(:done)
end
stage2 = Thread.new do
  loop do
    v = q1.pop
    if v == :done
      q2.push(:done)
      break
    end
    q2.push(v * v) if v.odd?
  end
end
collected = []
stage3 = Thread.new do
  while (v = q2.pop) != :done
    collected << v
  end
end
[stage1, stage2, stage3].each(&:join)
puts collected.size
puts collected.sum
puts collected.first(5).inspect
puts collected == collected.sort
puts q1.size, q2.size
