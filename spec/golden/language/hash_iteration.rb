h = { b: 2, a: 1, c: 3 }
h.each { |k, v| print k, "=", v, " " }
puts
h.each_pair { |k, v| print k, v }
puts
p h.map { |k, v| [k, v * 2] }.to_h
p h.select { |_, v| v > 1 }, h.reject { |_, v| v > 1 }
p h.min_by { |_, v| v }, h.sort_by { |k, _| k }
p h.sum { |_, v| v }, h.count { |k, v| v.odd? }
p h.find { |k, v| v == 3 }
p h.each_with_object({}) { |(k, v), acc| acc[v] = k }
p h.reduce(0) { |s, (k, v)| s + v }
p h.to_a.transpose
p h.group_by { |_, v| v.odd? }
p h.partition { |k, v| v > 1 }
p h.sort_by { -_2 }.first
p h.filter_map { |k, v| k if v > 1 }
p h.each_with_index.map { |(k, v), i| "#{i}#{k}#{v}" }
counts = Hash.new(0)
"the quick the lazy the end".split.each { |w| counts[w] += 1 }
p counts
nested = Hash.new { |hash, k| hash[k] = Hash.new(0) }
[[:a, :x], [:a, :y], [:b, :x], [:a, :x]].each { |o, i| nested[o][i] += 1 }
p nested
p h.any? { |k, v| v > 2 }, h.all? { |k, v| v > 0 }
p h.max_by(2) { |_, v| v }
p h.sum([]) { |k, v| [k] }
