# assorted Array methods
a = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
p a.uniq, a.sort.uniq, a.count(5), a.index(5), a.tally.select { |_, c| c > 1 }.keys, a.minmax
p a.each_slice(3).to_a, a.first(4).sum, a.sum - a.max, a.sort.reverse.take(3), a.max(3), a.min(3)
p a.partition(&:even?), a.group_by { |x| x % 3 }.transform_values(&:size), a.chunk { |x| x.odd? }.map { |k, v| [k, v.size] }
p a.sample(random: Random.new(42)).class, a.shuffle(random: Random.new(7)).sort == a.sort
p a.filter_map { |x| x * 2 if x > 4 }, a.each_with_index.max[1], a.each_with_index.select { |x, i| i.even? }.map(&:first)
p a.pack("C*").bytes == a, a.join.to_i.to_s.size, a.to_a.equal?(a)
p [1, 2, 3].sum { |x| x.to_f } / 3, [1, 2, 3].product.size rescue p $!
p [nil, 1, false].compact, [[1, nil], [nil]].flatten.compact, [1, [2, nil]].flatten.compact.size
p ["a", "b"].cycle(2).to_a, [1, 2, 3].each_entry.map { |x| x }, [1, 2, 3, 4].each_slice(2).map(&:reverse).flatten
p [1, 2, 3].inspect, [1, 2, 3].to_s, [[1, 2], [3, 4]].map { |x, y| x * y }, [[1, [2, 3]]].map { |a1, (b, c)| a1 + b + c }
p Array.new(2) { Array.new(2, 0) }, [0] * 3, Array.new(3) { |i| ("a".ord + i).chr }
p [1, 2, 3].dup.push(4), [1, 2, 3].frozen?, [1, 2, 3].clone(freeze: true).frozen?
p [3, 5, 2].sort.map.with_index { |x, i| x * i }, [1, 2, 3].each.with_index(1).to_a
p [1, 2, 3].none? { |x| x > 3 }, [1, 2, 3].sum.between?(5, 7), [[1, 2], [3, 4]].assoc(3), [[1, 2], [3, 4]].rassoc(2)
p %w[x y z].each_with_index.to_h, [1, 2, 3, 4, 5, 6].each_slice(2).map(&:sum).max
p [1, 2, 3].pack("n*").bytesize, ["abc"].pack("A5").inspect
p [4, 5].each_index.to_a, [1, 2, 3].delete_if(&:odd?), [1, 2] + [], [[]].flatten, [1, 2, 3].first(0)
p Array.new(3, []).map(&:object_id).uniq.size, Array.new(3) { [] }.map(&:object_id).uniq.size
p ["x", "yy", "zzz"].map(&:length).zip(["x", "yy", "zzz"]).max
