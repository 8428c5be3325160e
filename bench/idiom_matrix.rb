# bench: idiomatic — matrix multiply on Arrays of Arrays written with
# Array.new blocks, transpose, zip, map and sum; Float elements.
SCALE = 1

def matgen(n, seed)
  tmp = 1.0 / n / n
  Array.new(n) { |i| Array.new(n) { |j| tmp * (i - j) * (i + j) + seed } }
end

def matmul(a, b)
  bt = b.transpose
  a.map do |row|
    bt.map do |col|
      s = 0.0
      row.each_with_index { |x, k| s += x * col[k] }
      s
    end
  end
end

n = 100
reps = 9 * SCALE
trace = 0.0
reps.times do |r|
  a = matgen(n, r * 0.5)
  b = matgen(n, 1.0)
  c = matmul(a, b)
  trace += c.each_with_index.sum { |row, i| row[i] }
  trace += a.zip(b).sum { |ra, rb| ra.sum - rb.sum }
end
puts format("%.6f", trace)
puts "ops: #{reps * n * n * n}"
