# Set (inspect format is 3.4's)
require 'set'
s = Set.new([3, 1, 2, 3])
p s, s.size, s.include?(2), s.member?(5), s === 1, s.to_a, s.sort, s.min, s.sum
s << 4
s.add(1)
p s, s.add?(1), s.add?(9).class, s.delete(9), s.length
a = Set[1, 2, 3]
b = Set[2, 3, 4]
p a | b, a & b, a - b, a ^ b, a + b, a.union(b), a.intersection(b), a.difference(b)
p a.subset?(Set[1, 2, 3, 4]), a <= a, a < a, a.superset?(Set[1]), a.disjoint?(Set[7]), a.intersect?(b)
p a == Set[3, 2, 1], a.eql?(Set[1, 2, 3]), a.hash == Set[3, 2, 1].hash
p a.map { |x| x * 2 }, a.map { |x| x * 2 }.class, a.select(&:odd?), a.select(&:odd?).class, a.group_by(&:odd?), a.partition(&:even?)
p a.to_set.equal?(a), [1, 1, 2].to_set, Set.new("hello".chars).size, Set.new([1, 2]) { |x| x * 10 }
p Set[], Set[[1, 2], "s", :sym, nil], Set[1].inspect, Set[1].to_s
e = Set.new
e.merge([5, 6])
e.merge(Set[7])
p e, e.frozen?, e.empty?, Set[].empty?, e.first, e.first(2), e.each_slice(2).to_a
e.delete_if(&:even?)
p e, e.reject! { |x| x > 100 }, e.select! { |x| x > 5 }, e
p Set[3, 1, 2].sort_by { -_1 }, Set[1, 2, 3].sum { it * 2 }, Set[[1, :a]].to_h rescue p $!
h = {Set[1, 2] => "set key"}
p h[Set[2, 1]]
seen = Set.new
dups = [1, 2, 3, 2, 1, 4].select { |x| !seen.add?(x) }
p dups
p Set[1, 2].frozen?, Set[1, 2].freeze.frozen?, Set[1, 2] <=> Set[1, 2, 3], Set[1, 2].classify(&:odd?)
