# Corpus: iterators, set_ops
total = 0
[1, 2, 3, 4].each_with_index do |v, i|
  total += v * i
end
puts total
puts (1..10).select(&:even?).map { |x| x * x }.sum
puts %w[a b c].each_slice(2).to_a.inspect
h = Hash.new(0)
"mississippi".each_char { |c| h[c] += 1 }
puts h.sort_by { |k, v| [-v, k] }.first(2).inspect
3.times.map { |i| i * 10 }.each { puts _1 }
puts [[1, 2], [3, 4]].map { |a, b| a * b }.inspect

require 'set'
s = Set.new([1, 2, 3])
s << 2 << 4
puts s.size, s.include?(4), (s & Set[2, 9]).to_a.inspect, (s | [7]).size, s.subset?(Set[1, 2, 3, 4, 5])
puts [1, 2, 2, 3].uniq.inspect, ([1, 2] + [2, 3]).inspect, ([1, 2, 3] - [2]).inspect, ([1, 2] & [2, 3]).inspect
