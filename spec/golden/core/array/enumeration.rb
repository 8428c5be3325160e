# iteration and transformation
a = [5, 3, 8, 1, 9, 2]
p a.map { |x| x * 2 }, a.select(&:even?), a.reject(&:even?), a.find { |x| x > 5 }, a.detect(&:odd?)
p a.each_with_index.map { |x, i| x * i }, a.map.with_index(1) { |x, i| "#{i}:#{x}" }, a.each_with_object([]) { |x, acc| acc << x if x > 4 }
p a.inject(:+), a.inject(10) { |s, x| s + x }, a.reduce(1, :*), a.sum { |x| x * x }, a.inject { |m, x| m > x ? m : x }
p a.min, a.max, a.min(2), a.max(2), a.minmax, a.min_by { |x| (x - 4).abs }, a.max_by { |x| -x }, a.sort, a.sort { |x, y| y <=> x }
p a.sort_by { |x| [x % 3, x] }, a.group_by(&:odd?), a.partition { |x| x > 4 }, a.chunk_while { |x, y| y == x + 1 }.to_a
p a.each_slice(4).map(&:sum), a.each_cons(3).map { |w| w.max }, a.zip(a.rotate), a.zip([1, 2])
p a.all? { |x| x > 0 }, a.any? { |x| x > 8 }, a.none?(&:zero?), a.one? { |x| x == 9 }, [nil, 1].all?, [].all?, [].any?
p a.count(&:even?), a.tally, %w[a b a c a].tally, a.uniq { |x| x % 3 }, a.sum.fdiv(a.size)
p a.first(3).cycle.first(7), a.each_entry.to_a.size, a.lazy.map { |x| x * 3 }.select(&:even?).first(2)
p a.filter_map { |x| x * 10 if x.odd? }, a.flat_map { |x| [x, -x] }.first(4), [[1, 2], [3]].sum([])
p a.take_while(&:odd?), a.slice_when { |x, y| y < x }.to_a, a.each_slice(2).to_h rescue p $!
r = []
a.each { |x| r << x; break if x == 8 }
p r
a.reverse_each { |x| print x }
puts
p a.step rescue p $!.class
p (1..3).each_with_object({}) { |i, h| h[i] = i * i }
p a.min_by(2) { |x| x }, a.sum(0.0), [0.1, 0.2, 0.3].sum, ["a", "b"].sum("")
p a.find_all(&:even?), a.collect(&:succ), a.map(&:to_s).join
words = %w[apple Banana cherry date Elder]
p words.sort, words.sort_by(&:downcase), words.max_by(&:length), words.group_by(&:size), words.sort_by { |w| [-w.size, w] }
