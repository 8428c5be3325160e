# sort_by/min_by/max_by/group_by/uniq/tally with ties: documented insertion-order behaviours
people = [["amy", 30], ["bob", 25], ["cat", 30], ["dan", 25], ["eve", 35], ["fay", 30]]
# max_by/min_by return the first element with the extreme key; max_by(n) with ties is not specified
p people.max_by { _2 }, people.min_by { _2 }, people.max_by(2) { [_2, _1] }, people.min_by(3) { [_2, _1] }
p people.group_by { _2 }.keys, people.group_by { _2 }[30].map(&:first), people.uniq { _2 }.map(&:first)
p people.map(&:last).tally, people.partition { _2 >= 30 }.map { |g| g.map(&:first) }
p people.sort_by { |n, a| [-a, n] }.map(&:first), people.sort { |x, y| y[1] <=> x[1] }.map(&:last)
p people.each_with_index.sort_by { |(n, a), i| [a, i] }.map { _1[0][0] }
p people.minmax_by { _2 }.map(&:first), people.sum { _2 }, people.find { _2 == 25 }.first, people.find_index { _2 > 30 }
p people.chunk_while { |a, b| a[1] == b[1] }.map(&:size), people.each_slice(2).map { |pair| pair.map(&:first).join }
p people.to_h.select { |_, a| a == 30 }.keys, people.min_by(&:last).first, people.reverse.min_by(&:last).first
