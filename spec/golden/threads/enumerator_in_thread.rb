# External enumerators and lazy enumerators used from several threads
gens = 3.times.map do |i|
  Thread.new do
    e = Enumerator.new { |y| n = i; loop { y << n; n += 3 } }
    e.take(5)
  end
end
p gens.map(&:value)
ext = Thread.new do
  e = [10, 20, 30].each
  [e.next, e.next, e.next, (e.next rescue :stop)]
end
p ext.value
lazy = Thread.new { (1..Float::INFINITY).lazy.map { |x| x * x }.select(&:even?).first(4) }
p lazy.value
fibs = Thread.new do
  f = Fiber.new { a, b = 0, 1; loop { Fiber.yield a; a, b = b, a + b } }
  8.times.map { f.resume }
end
p fibs.value
