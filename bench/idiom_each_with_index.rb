# bench: idiomatic — index-carrying iteration: each_with_index, map.with_index,
# each_index, each.with_index(1), each_slice, zip.
SCALE = 1

data = Array.new(10_000) { |i| (i * 7919) % 10_007 }
weights = Array.new(10_000) { |i| (i % 13) + 1 }
reps = 60 * SCALE
acc = 0
last = nil
reps.times do
  data.each_with_index { |v, i| acc += v * i if v.odd? }
  scaled = data.map.with_index { |v, i| v * weights[i] }
  acc += scaled[acc % scaled.size]
  data.each.with_index(1) { |v, i| acc -= v if i % 1000 == 0 }
  data.each_slice(100) { |s| acc += s.first }
  last = data.zip(weights).each_with_index.max_by { |(v, w), i| (v * w) ^ i }
  acc %= 1_000_000_007
end
puts acc
puts last.inspect
puts "ops: #{reps * data.size * 5}"
