# Array inspect, slicing, errors, common methods
a = [1, "a", :b, nil, 2.5, [3, [4]], {k: 1}, true]
p a, a.to_s, a.inspect.size, a.flatten, a.compact.size
r = [1, 2]
r << r
p r, r.size
x = (1..10).to_a
p x[2..], x[-3..], x[2, 3], x[20], x[20, 1], x[10, 1], x.first(3), x.last(2), x.values_at(0, 2, 20), x.dig(0)
p x.each_slice(3).to_a, x.each_cons(4).first, x.partition(&:even?), x.group_by { |i| i % 3 }, x.chunk_while { |i, j| j == i + 1 }.to_a
p x.sum, [0.1, 0.2, 0.3].sum, [1, 2.5].sum, x.minmax, x.min(2), x.max(2), x.reduce(:*), x.inject { |s, i| s + i }, x.sum { |i| i * 2 }
p x.take_while { |i| i < 4 }, x.drop_while { |i| i < 8 }, x.find_index(5), x.bsearch { |i| i >= 7 }, x.tally.size, x.zip(x.reverse).first(2)
p [3, 1, 2].sort, [3, 1, 2].sort { |p1, q| q <=> p1 }, %w[bb a ccc].sort_by(&:size), %w[bb a ccc].max_by(&:size), [[2, "b"], [1, "a"]].sort
p [1, 2, 3].combination(2).to_a, [1, 2, 3].permutation(2).count, [1, 2].product([3, 4]), [[1, 2], [3, 4]].transpose, [1, [2, [3, [4]]]].flatten(1)
p [1, 2, 2, 3, 3, 3].uniq, [1, 2, 3] & [2, 3, 4], [1, 2] | [2, 3], [1, 2, 3] - [2], [1, 2] + [3], [1, 2] * 2, [1, 2] * ", "
p [1, 2, 3].rotate, [1, 2, 3].rotate(-1), [nil, 1, false].compact, Array.new(3) { |i| i * i }, Array.new(2, 0), [1, 2, 3].each_with_index.map { |v, i| v * i }
b = [5, 3, 1]
b.push(7).unshift(0)
p b, b.pop, b.shift, b.insert(1, 9), b.delete(9), b.delete_at(0), b, b.fill(0, 1), b.clear, b.empty?
begin
  [1, 2].fetch(10)
rescue IndexError => e
  puts "#{e.class}: #{e.message}"
end
begin
  [1, "a"].sort
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
begin
  [1, 2].first(-1)
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
p [1, 2, 3].each_with_object([]) { |i, acc| acc.unshift(i) }, [1, 2, 3].filter_map { |i| i * 2 if i.odd? }, [[1, :a], [2, :b]].to_h
p [1, 2, 3].cycle.first(7), [1, 2, 3].lazy.map { |i| i * 2 }.select(&:even?).first(2), (1..Float::INFINITY).lazy.map { |i| i * i }.first(3)
