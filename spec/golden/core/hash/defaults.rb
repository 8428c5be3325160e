# default values and default procs
counts = Hash.new(0)
"the quick the lazy the end".split.each { |w| counts[w] += 1 }
p counts, counts["missing"], counts.fetch("missing", :f), counts.size
shared = Hash.new([])
shared[:a] << 1
p shared, shared[:b], shared.default
groups = Hash.new { |hash, k| hash[k] = [] }
%w[apple avocado banana blueberry cherry].each { |w| groups[w[0]] << w }
p groups, groups.default_proc.class, groups["z"], groups.keys
fib = Hash.new { |memo, n| memo[n] = n < 2 ? n : memo[n - 1] + memo[n - 2] }
p fib[80], fib.size
h = Hash.new(5)
p h[:x], h.key?(:x), h.dig(:x), h.to_a
h.default = 7
p h[:y], h.default
lazy = Hash.new { |_, k| k.to_s * 2 }
p lazy[:ab], lazy.size
nested = Hash.new { |hh, k| hh[k] = Hash.new(0) }
nested[:a][:x] += 1
nested[:a][:y] += 2
nested[:b][:x] += 3
p nested
p Hash.new(capacity: 10) rescue p $!.class
p nested.to_a.flatten(1).size
