# larger workloads: sort 100k pseudo-random ints (LCG), dedup, binary search, checksum
seed = 12345
nums = Array.new(100_000) { seed = (seed * 1103515245 + 12345) % 2**31; seed % 1_000_000 }
sorted = nums.sort
p nums.size, sorted.first(5), sorted.last(3), sorted.sum, nums.uniq.size, nums.max, nums.min
p sorted.each_cons(2).all? { |a, b| a <= b }, sorted.bsearch { |x| x >= 500_000 }, nums.sum % 9973
checksum = 0
sorted.each_with_index { |v, i| checksum = (checksum * 31 + v + i) % 1_000_000_007 }
p checksum
p nums.sort_by { |x| [-(x % 10), x] }.first(5), nums.max(3), nums.min_by(2) { |x| [(x - 777_777).abs, x] }
tally = nums.map { |x| x % 10 }.tally.sort.to_h
p tally
strs = nums.first(20_000).map(&:to_s)
p strs.sort.first(3), strs.max_by(&:size).size, strs.sum(&:size), strs.group_by(&:size).transform_values(&:size).sort.to_h
