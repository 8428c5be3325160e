# Set operations used in algorithms: dedup, membership, set algebra, sorting, to_a order, frozen sets
require "set"
words = %w[the cat sat on the mat the end]
seen = Set.new
dups = words.select { |w| !seen.add?(w) }
p seen.size, dups, seen.to_a, seen.include?("cat"), seen.sort.first
vowels = Set.new("aeiou".chars)
p "programming".chars.count { |c| vowels.include?(c) }, ("hello".chars.to_set & vowels).sort
a = (1..10).to_set
evens = a.select(&:even?).to_set
primes = Set[2, 3, 5, 7]
p evens & primes, evens | primes, (a - evens - primes).to_a, evens ^ primes, primes <= a, primes.proper_subset?(a)
p a.partition(&:odd?).map(&:size), a.group_by { |x| x % 3 }.transform_values(&:size), a.sum, a.minmax
s = Set[3, 1, 2]
s.delete(1)
s << 5 << 3
p s, s.to_a, s.length, s.each_slice(2).to_a, s.sort.reverse, s.map(&:to_s)
graph = {a: [:b, :c], b: [:d], c: [:d], d: []}
visited = Set.new
stack = [:a]
order = []
until stack.empty?
  n = stack.pop
  next unless visited.add?(n)
  order << n
  graph[n].reverse_each { |m| stack.push(m) }
end
p order, visited.size
fs = Set[1, 2].freeze
begin
  fs << 3
rescue => e
  puts e.class
end
p Set[[1, 2], [1, 2]].size, Set[1, 1.0].size, Set["a", "a".dup].size, Set[Set[1], Set[1]].size
p Set[1, 2, 3].subset?(Set[1, 2, 3]), Set[1, 2] == Set[2, 1], Set[1, 2].superset?(Set[]), Set.new([nil, false]).size
p Set[4, 5].inspect, Set[].inspect, Set["x", :y, 1.5].to_s
