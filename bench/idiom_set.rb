# bench: idiomatic — Set: add/include?/delete, union and intersection,
# Set of Strings and of Arrays (coordinates), subset?.
require 'set'
SCALE = 1

def neighbors(x, y)
  [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]]
end

# flood fill over a grid whose walls are a Set of [x, y] pairs
walls = Set.new
120.times { |i| 120.times { |j| walls << [i, j] if (i * 7 + j * 13) % 11 == 0 && i % 5 != 0 } }
reps = 6 * SCALE
filled = 0
reps.times do
  seen = Set.new
  stack = [[1, 1]]
  until stack.empty?
    x, y = stack.pop
    next if x < 0 || y < 0 || x >= 120 || y >= 120
    pt = [x, y]
    next if walls.include?(pt) || seen.include?(pt)
    seen << pt
    neighbors(x, y).each { |n| stack.push(n) }
  end
  filled += seen.size
end

words = Set.new
seed = 11
20_000.times do
  seed = (seed * 1103515245 + 12345) % 2147483648
  words.add("w#{seed % 3_000}")
end
evens = words.select { |w| w[1..].to_i.even? }.to_set
odds = words - evens
puts filled
puts words.size
puts (evens | odds).size == words.size
puts (evens & odds).empty?
puts evens.subset?(words)
puts "ops: #{reps * 120 * 120}"
