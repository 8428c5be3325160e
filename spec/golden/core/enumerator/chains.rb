# Enumerator no-block forms and chains
a = %w[a b c d]
p a.each_with_index.map { |x, i| "#{i}#{x}" }, a.map.with_index(1) { |x, i| "#{i}.#{x}" }, a.each_slice(2).to_a
p a.each_with_index.to_a, a.map.with_index.to_a, a.select.with_index { |x, i| i.odd? }, 3.times.map { |i| i * 10 }
p a.each.with_index(10).to_a, a.each_with_object([]).class, a.reject.with_index { |x, i| i < 2 }
e = a.each
p e.class, e.size, e.next, e.next, e.peek, e.next, e.next
begin
  e.next
rescue StopIteration => ex
  puts "#{ex.class}: #{ex.message}"
end
e.rewind
p e.next
gen = Enumerator.new do |y|
  y << 1
  y << 2
  y.yield 3, 4
  y.yield 5
end
p gen.to_a, gen.first(2), gen.map { |x| x }, gen.take(3), gen.lazy.map { |x| x.inspect }.to_a
fib = Enumerator.new do |y|
  x, z = 0, 1
  loop do
    y << x
    x, z = z, x + z
  end
end
p fib.take(15), fib.lazy.select(&:odd?).first(5), fib.each_slice(3).first(2), fib.find { |v| v > 1000 }
p fib.with_index.take(3), fib.lazy.map { |v| v * v }.reject(&:even?).first(3)
p (1..3).each_entry.to_a, [4, 5].each.with_object(:memo).to_a, "abc".each_char.with_index.map { |c, i| c * (i + 1) }
p [1, 2, 3].each_slice(2).with_index.to_a, [1, 2, 3].map.each_with_index.to_a rescue p $!.class
ch = [1, 2].each + [3] rescue nil
p ch&.to_a
p [1, 2].chain([3, 4]).to_a rescue p $!.class
p (1..3).sum { |x| x }, 5.times.each_slice(2).map(&:sum), 4.times.cycle.first(6)
z = [1, 2, 3].zip([4, 5, 6]).each
p z.next, z.size
ext = [10, 20].each_with_index
loop do
  v, i = ext.next
  puts "#{i}:#{v}"
end
p "x".upto("z").map(&:upcase), 1.step(by: 3, to: 10).to_a, 1.0.step(2.0, 0.5).size
p Enumerator.produce(1) { |x| x * 2 }.take(6)
p [3, 1, 2].sort.each_cons(2).map { |x, y| y - x }, %w[a b].cycle.lazy.map(&:upcase).first(3)
p [1, 2, 3, 4].each_slice(2).map { |a1, b1| a1 * b1 }, [[1, 2], [3, 4]].each_with_index.map { |(x, y), i| x + y + i }
