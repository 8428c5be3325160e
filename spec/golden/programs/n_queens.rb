# N-queens: count all solutions with bitmasks, print the first board, and a generator of solutions
def count_queens(n)
  full = (1 << n) - 1
  count = 0
  solve = lambda do |cols, d1, d2|
    if cols == full
      count += 1
      return
    end
    avail = full & ~(cols | d1 | d2)
    while avail != 0
      bit = avail & -avail
      avail ^= bit
      solve.(cols | bit, ((d1 | bit) << 1) & full, (d2 | bit) >> 1)
    end
  end
  solve.(0, 0, 0)
  count
end

def each_solution(n, row = 0, placed = [], &blk)
  return enum_for(:each_solution, n) unless blk
  if row == n
    yield placed.dup
    return
  end
  n.times do |c|
    next if placed.each_with_index.any? { |pc, pr| pc == c || (pc - c).abs == row - pr }
    placed.push(c)
    each_solution(n, row + 1, placed, &blk)
    placed.pop
  end
end

def board(sol)
  sol.map { |c| (0...sol.size).map { |i| i == c ? "Q" : "." }.join(" ") }.join("\n")
end

(1..9).each { |n| puts format("%d-queens: %d solutions", n, count_queens(n)) }
first = each_solution(8).first
p first
puts board(first)
sols6 = each_solution(6).to_a
p sols6
p each_solution(8).count == count_queens(8)
symmetric = each_solution(8).count { |s| s == s.reverse.map { |c| 7 - c } }
p symmetric
unique = each_solution(8).map do |s|
  variants = []
  cur = s
  4.times do
    cur = (0...8).map { |c| 7 - cur.index(c) }
    variants << cur << cur.reverse
  end
  variants.min
end.uniq.size
p unique
p each_solution(4).map { |s| s.map { |c| ("a".ord + c).chr }.each_with_index.map { |f, r| "#{f}#{r + 1}" }.join(" ") }
p each_solution(5).lazy.select { |s| s.first == 2 }.first(2)
