# 8 threads append to one Array 20,000 times each: every single Array
# operation is atomic (doc/core-types.md "Race-safety rule"), so no append
# is lost and every element arrives exactly once, as under CRuby's lock.
# golden: ruby31
results = []
threads = 8.times.map do |t|
  Thread.new { 20_000.times { |i| results << t * 20_000 + i } }
end
threads.each(&:join)
puts results.size
puts results.sort == (0...160_000).to_a
# push of several values is one operation: the pairs stay adjacent
pairs = []
4.times.map { |t| Thread.new { 5_000.times { |i| pairs.push(t, i) } } }.each(&:join)
puts pairs.size
puts pairs.each_slice(2).all? { |t, i| t.between?(0, 3) && i.between?(0, 4_999) }
puts pairs.each_slice(2).map(&:first).tally.sort.inspect
