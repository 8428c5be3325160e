# sorting stability, bsearch, comparison, inspect, equality
people = [["bob", 25], ["alice", 30], ["carol", 25], ["dave", 30], ["eve", 22]]
p people.sort_by { |n, a| [a, n] }.map(&:first)
p people.min_by { |_, a| a }, people.max_by(2) { |n, a| [a, n] }
p people.sort { |x, y| [y[1], x[0]] <=> [x[1], y[0]] }
sorted = [1, 3, 5, 7, 9, 11]
p sorted.bsearch { |x| x >= 6 }, sorted.bsearch { |x| x >= 100 }, sorted.bsearch_index { |x| x >= 9 }
p [1, 2] <=> [1, 3], [1, 2] <=> [1, 2, 3], [2] <=> [1, 9], [1, 2] == [1, 2], [1, 2].eql?([1.0, 2]), [1, 2] == [1.0, 2]
p [1, [2, [3, nil, "s", :sym, 1.5, {a: 1}]]].inspect, [1, 2].to_s, [].inspect
a = [1, 2]
a << a
p a
p [3, 1, 2].sort.reverse, [3, 1, 2].max(5), ["b", "B", "a"].sort, ["b", "B", "a"].sort_by { |s| [s.downcase, s] }
p [0.5, -1, 3].sort, [[2, 1], [1, 2], [1, 1]].sort, %w[10 9 100].sort, %w[10 9 100].sort_by(&:to_i)
begin
  [1, "a"].sort
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
p [1, 2, 3].sum / [1, 2, 3].size, [4, 1, 3].sort!.first, [1, 2, 3, 4, 5].each_slice(2).map(&:first)
p Array.new(5) { |i| (i * 7) % 5 }.sort.uniq, [1, 2, 3].hash == [1, 2, 3].hash
p [5, 3, 9].sort.bsearch { |x| x <=> 5 }
