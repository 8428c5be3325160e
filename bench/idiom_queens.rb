# bench: idiomatic — N-queens by backtracking: recursion, Array push/pop,
# any? with a block over placed queens, each_with_index, include?.
SCALE = 1

def safe?(cols, col)
  row = cols.size
  cols.each_with_index.none? { |c, r| c == col || (c - col).abs == row - r }
end

def solve(n, cols, found)
  if cols.size == n
    found << cols.dup if found.size < 3
    return 1
  end
  count = 0
  n.times do |col|
    next unless safe?(cols, col)
    cols.push(col)
    count += solve(n, cols, found)
    cols.pop
  end
  count
end

n = 8
reps = 20 * SCALE
total = 0
found = []
reps.times { total += solve(n, [], found) }
puts total
found.each { |f| puts f.join(" ") }
puts "ops: #{total}"
