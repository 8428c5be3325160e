# Fiber basics (also valid under CRuby 3.4 without threads)
f = Fiber.new do |x|
  y = Fiber.yield x + 1
  z = Fiber.yield y * 2
  "done with #{z}"
end
p f.resume(1), f.resume(10), f.resume(:last), f.alive?
begin
  f.resume
rescue FiberError => e
  puts "FiberError: #{e.message}"
end
gen = Fiber.new do
  a, b = 0, 1
  loop do
    Fiber.yield a
    a, b = b, a + b
  end
end
p 10.times.map { gen.resume }
producer = Fiber.new do
  %w[a b c].each { |s| Fiber.yield s }
  nil
end
out = []
while (v = producer.resume)
  out << v
end
p out, producer.alive?
inner_outer = []
outer = Fiber.new do
  inner = Fiber.new { inner_outer << :inner1; Fiber.yield; inner_outer << :inner2 }
  inner.resume
  inner_outer << :outer
  Fiber.yield
  inner.resume
end
outer.resume
outer.resume
p inner_outer
e = [1, 2, 3].each
p e.next, e.next, e.next
err = Fiber.new { raise ArgumentError, "from fiber" }
begin
  err.resume
rescue ArgumentError => ex
  puts "rescued #{ex.message}"
end
