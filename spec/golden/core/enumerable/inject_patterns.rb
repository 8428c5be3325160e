# common reduce/each_with_object idioms: running totals, frequency maps, max tracking, flattening, grouping
nums = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
running = nums.each_with_object([]) { |x, acc| acc << (acc.last || 0) + x }
p running
p nums.inject { |best, x| x > best ? x : best }, nums.each_with_index.inject([0, nil]) { |(bv, bi), (x, i)| x > bv ? [x, i] : [bv, bi] }
p nums.each_with_object(Hash.new(0)) { |x, h| h[x] += 1 }.select { |_, c| c > 1 }
p [[1, 2], [3], [], [4, 5, 6]].inject(:+), [[1, 2], [3]].sum([]), %w[a b c].inject { |s, c| c + s }
p nums.each_slice(3).inject(0) { |s, sl| s + sl.max }, nums.inject(0) { |s, x| x.odd? ? s + x : s }
p (1..5).inject { |a, b| a * b }, (1..5).each_with_object([]) { |i, a| a.unshift(i) }
words = %w[apple banana cherry avocado blueberry]
p words.each_with_object(Hash.new { |h, k| h[k] = [] }) { |w, h| h[w[0]] << w.size }
p words.inject(Hash.new(0)) { |h, w| h[w.size] += 1; h }, words.sum(&:size), words.map(&:size).inject(:lcm)
fib = (1..10).inject([0, 1]) { |(a, b), _| [b, a + b] }.first
p fib
p nums.zip(nums.drop(1)).count { |a, b| b && b > a }, nums.each_cons(2).count { |a, b| b > a }
stats = nums.each_with_object({min: Float::INFINITY, max: -Float::INFINITY, sum: 0}) do |x, s|
  s[:min] = x if x < s[:min]
  s[:max] = x if x > s[:max]
  s[:sum] += x
end
p stats
