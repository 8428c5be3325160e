# Fibers inside threads: each thread drives its own generator fibers
results = 4.times.map do |t|
  Thread.new do
    gen = Fiber.new do
      5.times { |i| Fiber.yield t * 10 + i }
      :done
    end
    out = []
    while (v = gen.resume) != :done
      out << v
    end
    out
  end
end.map(&:value)
p results
q = Queue.new
producer = Thread.new do
  f = Fiber.new { 3.times { |i| Fiber.yield "item#{i}" }; nil }
  while (item = f.resume)
    q << item
  end
  q << :end
end
items = []
while (x = q.pop) != :end
  items << x
end
producer.join
p items
