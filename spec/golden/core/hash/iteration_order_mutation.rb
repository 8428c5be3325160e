# insertion order preserved through deletes/reinserts; iteration while mutating errors
h = {}
%i[c a b].each_with_index { |k, i| h[k] = i }
p h.keys
h.delete(:a)
h[:a] = 9
p h.keys, h.to_a
h[:c] = 100
p h.keys
begin
  h.each { |k, v| h[:"new_#{k}"] = v }
rescue RuntimeError => e
  puts "#{e.class}: #{e.message}"
end
h.each { |k, v| h[k] = v + 1 }
p h
g = {b: 1, a: 2}
p g.sort.to_h.keys, g.min_by(&:last), g.sort_by(&:last).map(&:first)
p g.to_a.reverse.to_h, g.invert, g.key(2), g.rassoc(1)
big = {}
(1..100).each { |i| big[i] = i * i }
(1..100).step(2) { |i| big.delete(i) }
p big.keys.first(5), big.size, big.values.last
p({1 => :a, 1.0 => :b, 2**70 => :c, "1" => :d}.size)
p({a: 1}.merge({a: 2}, {a: 3}), {a: 1}.update(b: 2))
s = {"x" => 1}
key = s.keys.first
p key.frozen?
