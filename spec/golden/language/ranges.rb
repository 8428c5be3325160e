r = 1..5
p r, r.to_a, r.size, r.sum, r.include?(3), r.cover?(6)
p (1...5).to_a, (1...5).size
p ('a'..'e').to_a
p (1..10).step(3).to_a
p (1..).first(3)
p (..5).include?(2)
p r.min, r.max, r.minmax
p (1..10).select(&:even?)
p r.map { |x| x * x }
p r === 3, (1.0..2.0) === 1.5
p (1..3).each_slice(2).to_a
p Range.new(1, 3, true).to_a
p (5..1).to_a
p r.first, r.last, r.first(2), r.last(2)
p (1..10) % 3 rescue p (1..10).step(3).map(&:itself)
x = 4
case x
when 1..3 then p :low
when 4..6 then p :mid
end
p (1..3).reduce(:*)
p r.begin, r.end, (1...3).exclude_end?
p (1..5).each_cons(2).map { |a, b| b - a }
p (1..3).zip(4..6)
p ("aa".."ad").map(&:upcase)
p (0.5..2.5).step(0.5).to_a
p r.count, r.tally.size
p (1..Float::INFINITY).lazy.map { |i| i * 2 }.first(3)
s = "hello world"
p s[0..4], s[6..], s[-5..], s[0...-6]
a = [1, 2, 3, 4, 5]
p a[1..3], a[1...-1], a[3..]
p r.frozen?
p (1..5).inspect, (1...5).to_s
