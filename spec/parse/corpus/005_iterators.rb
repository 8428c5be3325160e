# Corpus: iterators
total = 0
[1, 2, 3, 4].each_with_index do |v, i|
  total += v * i
end
puts total
puts (1..10).select(&:even?).map { |x| x * x }.sum
puts %w[a b c].each_slice(2).to_a.inspect
h = Hash.new(0)
"mississippi".each_char { |c| h[c] += 1 }
puts h.sort_by { |k, v| [-v, k] }.first(2).inspect
3.times.map { |i| i * 10 }.each { puts _1 }
puts [[1, 2], [3, 4]].map { |a, b| a * b }.inspect
