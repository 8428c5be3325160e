# Corpus: matrix_math, each_cons_zip
m = [[1, 2], [3, 4]]
t = m.transpose
prod = m.map { |row| t.map { |col| row.zip(col).sum { |a, b| a * b } } }
puts prod.inspect, m.flatten.sum, m.map(&:sum).inspect
id = Array.new(3) { |i| Array.new(3) { |j| i == j ? 1 : 0 } }
puts id.map { _1.join(" ") }

nums = [3, 1, 4, 1, 5, 9, 2, 6]
puts nums.each_cons(3).map { |a, b, c| a + b + c }.max
puts nums.zip(nums.rotate).map { |a, b| a - b }.inspect
puts nums.group_by(&:odd?).inspect
puts nums.chunk_while { |a, b| b == a + 1 }.to_a.inspect
puts nums.tally.select { |_, c| c > 1 }.keys.inspect
puts nums.minmax.inspect, nums.sum.fdiv(nums.size)
