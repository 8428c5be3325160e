# bench: idiomatic — Enumerable chains: map/select/reject/partition,
# each_slice + sum, flat_map, uniq, take_while, group_by.size, chunk_while.
SCALE = 1

nums = Array.new(20_000) { |i| (i * 7_919 + 13) % 50_021 }
reps = 15 * SCALE
acc = 0
runs = nil
reps.times do
  evens, odds = nums.partition(&:even?)
  acc += evens.map { |x| x / 2 }.select { |x| x % 3 == 0 }.sum
  acc += odds.reject { |x| x % 5 == 0 }.size
  acc += nums.each_slice(50).map(&:sum).max
  acc += nums.flat_map { |x| [x & 1, x & 2] }.uniq.size
  acc += nums.take_while { |x| x < 49_000 }.size
  runs = nums.first(2_000).sort.chunk_while { |a, b| b == a + 1 }.map(&:size).max
  acc %= 1_000_000_007
end
puts acc
puts runs
puts "ops: #{reps * nums.size * 6}"
