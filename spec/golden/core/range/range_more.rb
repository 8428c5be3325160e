# Range with strings, floats, step, each_slice, sum formula, bsearch, % operator
p ("a".."z").step(5).to_a, ("A".."F").each_slice(2).map(&:join), ("aa".."ac").map(&:upcase)
p (0.0..1.0).step(0.25).to_a, (1..2).step(0.5).map { |f| f * 2 }, 1.0.step(by: 0.5, to: 2.0).to_a
p (1..10).sum, (1..10_000_000).sum, (1...10).sum, (5..1).sum, ('a'..'c').sum("")
p (1..100).bsearch { |x| x * x >= 200 }, (0.0..100.0).bsearch { |x| x * x >= 2 }.round(6)
p (1..10) % 3 rescue p $!.class
p ((1..10) % 3).to_a, (1..10).step(3).class, ((1..10) % 3).class
r = 1...10
p r.min, r.max, r.minmax, r.last(3), r.to_a.last, r.count, r.size, r.include?(10), r.cover?(9.5)
p (1..10).each_slice(4).to_a, (1..6).each_cons(5).to_a, (1..3).cycle.first(7)
p (1..Float::INFINITY).lazy.map { |x| x * 3 }.select(&:even?).first(3), (1..).step(7).first(3)
p (-3..3).select(&:negative?), (-3..3).map(&:abs).max, (-1.5..1.5).include?(0)
p Range.new(*[2, 5]), (1..10).to_a.each_slice(3).map(&:first), (1..4).flat_map { |x| [x] * x }.tally
p (1..3).to_a.product((4..5).to_a).size, ("a".."e").each_with_index.to_h, (1..5).each_entry.to_a
