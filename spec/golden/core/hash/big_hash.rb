# larger Hash workloads: 100k inserts, lookups, deletes, rehash with string keys, ordered iteration
h = {}
100_000.times { |i| h[i * 7 % 100_003] = i }
p h.size, h[7], h[700], h.key?(100_002), h.sum { |k, v| k ^ v } % 1_000_003
(0...100_000).step(3) { |i| h.delete(i * 7 % 100_003) }
p h.size, h.first(3), h.keys.last, h.values.max
s = {}
20_000.times { |i| s["key#{i}"] = i.to_s(36) }
p s.size, s["key19999"], s.count { |k, v| v.size == 3 }, s.keys.first(2), s.sort_by { |_, v| v }.last
s.delete_if { |k, _| k.end_with?("7") }
p s.size, s.select { |k, _| k.start_with?("key1") }.size
sym = (1..5000).to_h { |i| [:"s#{i}", i] }
p sym.size, sym[:s4999], sym.sum { _2 }, sym.min_by { _2 }.first
nested = Hash.new { |hh, k| hh[k] = Hash.new(0) }
50_000.times { |i| nested[i % 100][i % 7] += 1 }
p nested.size, nested[42], nested.sum { |_, inner| inner.values.sum }
