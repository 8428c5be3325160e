# Corpus: set ops
require 'set'
s = Set.new([1, 2, 3])
s << 2 << 4
puts s.size, s.include?(4), (s & Set[2, 9]).to_a.inspect, (s | [7]).size, s.subset?(Set[1, 2, 3, 4, 5])
puts [1, 2, 2, 3].uniq.inspect, ([1, 2] + [2, 3]).inspect, ([1, 2, 3] - [2]).inspect, ([1, 2] & [2, 3]).inspect
