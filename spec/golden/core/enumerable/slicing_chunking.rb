# chunk, chunk_while, slice_before, slice_after, slice_when, each_slice/each_cons, zip, partition
nums = [1, 2, 4, 5, 7, 8, 9, 12]
p nums.chunk_while { |a, b| b == a + 1 }.to_a, nums.slice_when { |a, b| b != a + 1 }.map { |g| g.size > 1 ? "#{g.first}-#{g.last}" : g.first.to_s }
p nums.chunk(&:even?).to_a, nums.chunk { |x| x > 5 ? :big : :small }.map { |k, v| [k, v.sum] }
lines = ["# header", "a", "b", "# next", "c", "# last"]
p lines.slice_before { |l| l.start_with?("#") }.to_a, lines.slice_after { |l| l.end_with?("b") }.to_a
p [1, 1, 2, 2, 2, 3, 1].chunk { |x| x }.map { |k, v| [k, v.size] }, "aaabccdd".chars.chunk_while { |a, b| a == b }.map(&:join)
p (1..10).each_slice(3).map(&:sum), (1..5).each_cons(2).map { |a, b| b - a }, (1..4).zip(5..8, 9..12).map(&:sum)
p nums.partition(&:odd?), nums.group_by { |x| x % 3 }, nums.each_with_index.group_by { |_, i| i / 3 }.transform_values { |v| v.map(&:first) }
p nums.min_by(2) { |x| [(x - 6).abs, x] }, nums.max_by(2) { |x| [x % 5, x] }, nums.minmax_by { |x| -x }, nums.sum { _1 * 2 }
p nums.each_slice(2).to_h, nums.each_entry.first(2), nums.inject { |a, b| a * b % 1000 }, nums.find_index(7)
p [3, 1, 2].sort.each_cons(2).all? { |a, b| a <= b }, %w[apple avocado banana].chunk { _1[0] }.to_a
p (1..20).chunk { |i| i % 5 == 0 ? :_separator : true }.map { |_, v| v.sum }
