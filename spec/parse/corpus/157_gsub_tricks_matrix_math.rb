# Corpus: gsub_tricks, matrix_math, each_cons_zip
template = "Dear {name}, your total is {amount}."
vals = {name: "Sam", amount: "$5"}
puts template.gsub(/\{(\w+)\}/) { vals[$1.to_sym] }
puts "2024-01-15".match(/(?<y>\d+)-(?<m>\d+)-(?<d>\d+)/)[:m]
if "key=value" =~ /(\w+)=(\w+)/
  puts "#{$1} -> #{$2}"
end
puts "a,b;c d".split(/[,; ]/).inspect
puts "snake_case_words".split('_').map.with_index { |w, i| i.zero? ? w : w.capitalize }.join

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
