# external enumerators: next, peek, rewind, StopIteration#result, size, with_index, zip of enumerators
e = [1, 2, 3].each
p e.size, e.next, e.peek, e.next, e.next
begin
  e.peek
rescue StopIteration => ex
  puts "#{ex.class}: #{ex.message}"
end
e.rewind
p e.next
en = Enumerator.new do |y|
  y << :a
  y << :b
  :the_result
end
p en.next, en.next
begin
  en.next
rescue StopIteration => ex
  p ex.result
end
p loop { en.next }
counter = Enumerator.new { |y| 3.times { |i| y.yield i, i * i } }
p counter.to_a, counter.next, counter.size
sized = Enumerator.new(5) { |y| 5.times { |i| y << i } }
p sized.size, sized.each_slice(2).to_a
a = [1, 2, 3].each
b = %w[x y z].each
pairs = []
loop { pairs << [a.next, b.next] }
p pairs
chars = "hello".each_char
p chars.next, chars.with_index.to_a.last, chars.size
gen = (1..3).each_with_object([])
p gen.each { |x, acc| acc << x * 2 }
def numbers
  return to_enum(:numbers) unless block_given?
  yield 1
  yield 2
  yield 3
end
p numbers.map { |x| x * 5 }, numbers.select(&:odd?), numbers.to_a.sum
ee = [10, 20].each_with_index
p ee.next, ee.next
