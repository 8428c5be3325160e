# Hash insertion order, inspect formats (3.4), defaults, errors
h = {a: 1, "k" => 2, 3 => [4], nil => nil, :"foo bar" => 5, c?: 6, D: 7, "+": 8}
p h, h.keys, h.size, h[:a], h["k"], h[:zz]
h.delete("k")
h[:new] = 9
p h, h.to_a.first(2), h.min_by { |k, v| v.to_s }, h.sort_by { |k, v| k.to_s }.first
c = Hash.new(0)
"the quick the lazy the end".split.each { |w| c[w] += 1 }
p c, c.max_by { |_, v| v }, c.sort_by { |w, n| [-n, w] }, c.sum { |_, v| v }, c.count { |_, v| v > 1 }
g = Hash.new { |hash, k| hash[k] = [] }
[[:x, 1], [:y, 2], [:x, 3]].each { |k, v| g[k] << v }
p g, g.default_proc.nil?, g.fetch(:x), g.dig(:x, 0), g.transform_values(&:sum), g.map { |k, v| [k, v.size] }.to_h
begin
  {a: 1}.fetch(:b)
rescue KeyError => e
  puts "#{e.class}: #{e.message}"
end
begin
  {"a" => 1}.fetch("b")
rescue KeyError => e
  puts "#{e.class}: #{e.message}"
end
r = {a: 1}
r[:self] = r
p r, {a: {b: {c: 1}}}.dig(:a, :b, :c), {a: 1}.merge({b: 2}) { |k, o, n| o + n }, {a: 1, b: 2}.select { |k, v| v > 1 }
p({a: 1, b: 2}.reject { |k, v| v > 1 }, {a: 1, b: 2}.invert, {a: 1, b: 2}.key(2), {a: nil}.compact, {a: 1}.to_a, [[1, 2]].to_h)
p({b: 1, a: 2}.sort.to_h, {a: 1}.any? { |k, v| v > 0 }, {a: 1, b: 2}.find { |k, v| v == 2 }, {a: 1, b: 2}.partition { |k, v| v.odd? })
p({a: 1, b: 2}.each_with_object({}) { |(k, v), acc| acc[v] = k }, {a: 1, b: 2}.filter_map { |k, v| k if v > 1 }, {a: 1}.eql?({a: 1}))
p({a: 1, b: 2, c: 3}.slice(:a, :c), {a: 1, b: 2}.except(:a), {a: 1}.to_a.flatten, {"x" => 1}.transform_keys(&:to_sym), {1 => 2}.hash == {1 => 2}.hash)
k = "key"
hh = {k => 1}
p hh.keys[0].frozen?, k.frozen?, hh.compare_by_identity.compare_by_identity?
