# merge/update/store/delete_if/keep_if/compact/default equality/compare_by_identity
a = {x: 1, y: 2}
b = {y: 20, z: 30}
p a.merge(b), a.merge(b) { |k, old, new| old + new }, a.merge, a.merge(b, {w: 0})
a.update(z: 3)
p a
a.store(:w, 4)
a[:x] += 10
p a, a.delete_if { |k, v| v > 10 }, a.keep_if { |k, v| k != :w }, a
p a.select! { |k, v| true }, a.reject! { |k, v| false }, a.compact, {a: nil, b: 1}.compact
c = {b: 2, a: 1, c: 3}
p c.sort.to_h, c.sort_by { |k, v| -v }.to_h, c.min_by { |k, v| v }, c.sum { |k, v| v }, c.to_a.sort_by(&:last).reverse
p c.shift, c, c.clear, c.empty?
d = {1 => :a}
d.default = :none
p d[2], d.dig(1), d.to_a, d.sort_by { |k, _| k }
p({a: 1} == {a: 1}, {a: 1, b: 2} == {b: 2, a: 1}, {a: 1}.eql?({a: 1.0}), {a: 1}.hash == {a: 1}.hash)
id = {}.compare_by_identity
k1 = "key"
k2 = "key".dup
id[k1] = 1
id[k2] = 2
p id.size, id.compare_by_identity?, id[k1], id["key".dup]
normal = {}
normal[k1] = 1
normal[k2] = 2
p normal.size
hk = [1, 2]
hh = {hk => :v}
p hh[[1, 2]]
p({b: 1, a: 2}.min_by { |k, _| k }, {a: 1}.to_a.flatten, {a: 1}.map { |k, v| "#{k}=#{v}" }.join("&"))
p({a: 1}.frozen?, {a: 1}.merge!(b: 2) { |*| 0 }, {a: 1}.filter_map { |k, v| k }, {a: 1, b: 2}.any? { |k, v| v > 1 })
e = {"one" => 1, "two" => 2, "three" => 3}
p e.sum { |k, v| k.size * v }, e.max_by { |k, v| k.size }, e.sort_by { |k, _| k }.first, e.to_a.flatten
p e.each_with_index.map { |(k, v), i| "#{i}#{k}#{v}" }, e.keys.map(&:to_sym), Hash[e.map { |k, v| [v, k] }]
deep = {a: [1, {b: "c"}], "d" => {e: nil}}
p deep, deep.to_a, deep.inspect.length
big = (1..20).to_h { |i| [i, i * i] }
p big.select { |k, v| v > 300 }, big.count, big.sum { |_, v| v }
p big.filter_map { |k, v| k if v.to_s.end_with?("6") }
