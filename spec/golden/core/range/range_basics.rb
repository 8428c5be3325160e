# Range: iteration, step, to_a, include?/cover?/===, sum, endless/beginless
r = (1..10)
p r, (1...10), r.to_a, (1...5).to_a, r.size, (1...10).size, r.first, r.first(3), r.last, r.last(2), r.min, r.max
p r.sum, (1..100).sum, (1...1).sum, r.include?(5), r.include?(10.5), r.cover?(2..3), r === 7, (1...10) === 10
p r.step(3).to_a, (1.0..2.0).step(0.5).to_a, 1.step(10, 4).to_a, (0..20).step(5).map { |x| x * 2 }
p ('a'..'e').to_a, ('a'..'e').include?("c"), ('a'..'e').cover?("cc"), ('a'..'e') === "c", ('A'..'C').map(&:downcase)
p (1..0).to_a, (5..1).size, (1..10).select(&:even?), (1..10).each_slice(3).to_a, (1..4).inject(:*)
p (1..10).find { |i| i % 7 == 0 }, (1..Float::INFINITY).lazy.map { |x| x * 2 }.first(3), (1..).first(4)
arr = [0, 1, 2, 3, 4, 5]
p arr[2..], arr[..2], arr[...2], arr[-3..], arr[1..-2], arr[(1..)], arr[4..10]
p (1..), (..5), (1..nil).begin, (..5).end, (1..).size, (..5).include?(3), (1..) === 100
p (1..10) == (1..10), (1..10).eql?(1...10), (1..10).hash == (1..10).hash, (1..10).exclude_end?, (1...10).exclude_end?
p (1..10).minmax, (3..7).count, (1..10).to_a.reverse.first, (1..3).reverse_each.to_a
case 75
when 0...50 then puts "low"
when 50...80 then puts "mid"
else puts "high"
end
p (1..2.5).to_a, (1.5..3).include?(2), (0.5..1.5).cover?(1)
begin
  (1.5..3).to_a
rescue TypeError => e
  puts "#{e.class}: #{e.message}"
end
p (1..10).each_cons(4).count, (1..6).partition(&:odd?), (1..3).zip(4..6), (1..3).each_with_index.to_a
p (1..3).step(1).map { |x| x }, ("aa".."ad").step(2).to_a rescue p $!.class
p Range.new(1, 5, true), Range.new(1, 5).to_a.size, (1..5).entries
p (-5..-1).to_a, (-3..3).map(&:abs).uniq, (1..20).group_by { |x| x % 3 }.keys
p (1..3).overlap?(3..5) rescue p $!.class
t = 0
(1..5).each { |i| t += i }
p t
(1...4).reverse_each { |i| print i }
puts
p (10..1).each.to_a, 10.downto(8).to_a, (1..10).step(2).sum
