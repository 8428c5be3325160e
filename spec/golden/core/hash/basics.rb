# Hash creation, access, insertion order, inspect in 3.4 format
h = {a: 1, "k" => 2, 3 => [4], nil => nil, 1.5 => :f, [1] => {x: 1}}
p h
puts h.to_s
p h[:a], h["k"], h[3], h[:missing], h.size, h.keys, h.values, h.length
h[:z] = 26
h[:a] = 100
p h.keys, h.first, h.first(2), h.to_a.last
p h.key?(:a), h.has_key?(:nope), h.include?("k"), h.member?(3), h.value?(26), h.has_value?(0), h.key(26)
p h.fetch(:a), h.fetch(:nope, "dflt"), h.fetch(:nope) { |k| "blk #{k}" }
begin
  h.fetch(:nope)
rescue KeyError => e
  puts "#{e.class}: #{e.message}"
  p e.key, e.receiver == h
end
begin
  {"str" => 1}.fetch("other")
rescue KeyError => e
  puts "#{e.class}: #{e.message}"
end
p h.delete(:z), h.delete(:zz), h.delete(:zz) { |k| "no #{k}" }, h.size
p({"a b": 1, "c": 2, d?: 3, "e-f": 4, if: 5, A: 6, _x: 7, "9": 8, :+ => 9, :[] => 10, :"x=" => 11, :@iv => 12})
p({1 => "one", :sym => :val, "s" => "v", nil => true, [1, 2] => 3, {a: 1} => 2})
p({}, {a: {}}, Hash.new, Hash[[[1, 2], [3, 4]]], Hash[1, 2, 3, 4], [[:x, 1]].to_h)
x = 1; y = 2
p({x:, y:})
p h.dig(3, 0), {a: {b: {c: 1}}}.dig(:a, :b, :c), {a: [10, 20]}.dig(:a, 1), {a: nil}.dig(:a, :b)
p h.values_at(:a, "k", :nope), h.fetch_values(:a, "k"), h.to_a.first(2), h.sum { |k, v| 1 }
p h.count, h.empty?, {}.empty?, h.any? { |k, v| v.nil? }, h.find { |k, v| k == 3 }
