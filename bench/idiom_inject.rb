# bench: idiomatic — folds: inject with a block and a Symbol, reduce with an
# initial value, sum, each_with_object into a Hash, Range#inject.
SCALE = 1

nums = Array.new(5_000) { |i| (i * 37) % 1_001 }
reps = 200 * SCALE
acc = 0
hist = nil
reps.times do |r|
  acc += nums.inject(:+)
  acc += nums.inject { |s, x| s + x * 2 }
  acc += nums.reduce(1) { |m, x| x > m ? x : m }
  acc += nums.sum { |x| x & 7 }
  acc += (1..200).inject(0) { |s, k| s + k * r }
  hist = nums.each_with_object(Hash.new(0)) { |x, h| h[x % 10] += 1 }
end
puts acc
puts hist.sort.map { |k, v| "#{k}:#{v}" }.join(" ")
puts "ops: #{reps * nums.size * 5}"
