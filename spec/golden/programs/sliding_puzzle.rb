# 8-puzzle solved with A* (Manhattan heuristic) and BFS for comparison; solvability by inversions
class Puzzle
  GOAL = [1, 2, 3, 4, 5, 6, 7, 8, 0].freeze
  MOVES = {up: -3, down: 3, left: -1, right: 1}.freeze

  def self.solvable?(tiles)
    t = tiles.reject(&:zero?)
    inv = t.combination(2).count { |a, b| a > b }
    inv.even?
  end

  def self.neighbors(state)
    z = state.index(0)
    MOVES.filter_map do |dir, d|
      next if dir == :left && z % 3 == 0
      next if dir == :right && z % 3 == 2
      nz = z + d
      next unless nz.between?(0, 8)
      s = state.dup
      s[z], s[nz] = s[nz], s[z]
      [dir, s]
    end
  end

  def self.manhattan(state)
    state.each_with_index.sum do |tile, i|
      next 0 if tile.zero?
      g = tile - 1
      (i / 3 - g / 3).abs + (i % 3 - g % 3).abs
    end
  end

  # A* with a simple binary heap; ties broken by insertion order for determinism
  def self.astar(start)
    return [[], 0] if start == GOAL
    heap = [[manhattan(start), 0, 0, start]]
    seq = 0
    g = {start => 0}
    prev = {start => nil}
    expanded = 0
    until heap.empty?
      _, cost, _, cur = pop(heap)
      next if cost > g[cur]
      expanded += 1
      return [path(prev, cur), expanded] if cur == GOAL
      neighbors(cur).each do |dir, nxt|
        nc = cost + 1
        next if g.key?(nxt) && g[nxt] <= nc
        g[nxt] = nc
        prev[nxt] = [cur, dir]
        push(heap, [nc + manhattan(nxt), nc, seq += 1, nxt])
      end
    end
    nil
  end

  def self.bfs(start, limit = 200_000)
    prev = {start => nil}
    q = [start]
    i = 0
    while i < q.size && i < limit
      cur = q[i]
      i += 1
      return [path(prev, cur), i] if cur == GOAL
      neighbors(cur).each do |dir, nxt|
        next if prev.key?(nxt)
        prev[nxt] = [cur, dir]
        q << nxt
      end
    end
    nil
  end

  def self.path(prev, s)
    out = []
    while (p = prev[s])
      s, dir = p
      out.unshift(dir)
    end
    out
  end

  def self.push(h, item)
    h << item
    i = h.size - 1
    while i > 0 && (h[(i - 1) / 2] <=> item) > 0
      h[i] = h[(i - 1) / 2]
      i = (i - 1) / 2
    end
    h[i] = item
  end

  def self.pop(h)
    top = h.first
    last = h.pop
    return top if h.empty?
    i = 0
    loop do
      c = 2 * i + 1
      break if c >= h.size
      c += 1 if c + 1 < h.size && (h[c + 1] <=> h[c]) < 0
      break if (last <=> h[c]) <= 0
      h[i] = h[c]
      i = c
    end
    h[i] = last
    top
  end

  def self.show(s) = s.each_slice(3).map { |r| r.map { |t| t.zero? ? "_" : t }.join(" ") }.join(" / ")
end

starts = [
  [1, 2, 3, 4, 5, 6, 7, 8, 0],
  [1, 2, 3, 4, 5, 6, 0, 7, 8],
  [1, 2, 3, 0, 4, 6, 7, 5, 8],
  [4, 1, 3, 7, 2, 6, 0, 5, 8],
  [8, 1, 3, 4, 0, 2, 7, 6, 5],
  [1, 2, 3, 4, 5, 6, 8, 7, 0],
]
starts.each do |s|
  unless Puzzle.solvable?(s)
    puts "#{Puzzle.show(s)}: unsolvable"
    next
  end
  moves, expanded = Puzzle.astar(s)
  bmoves, _ = Puzzle.bfs(s)
  puts "#{Puzzle.show(s)}: #{moves.size} moves (h=#{Puzzle.manhattan(s)}) #{moves.join(',')}"
  puts "  astar expanded #{expanded}, bfs agrees on length: #{bmoves.size == moves.size}"
  state = s.dup
  moves.each { |m| state = Puzzle.neighbors(state).to_h[m] }
  puts "  replay reaches goal: #{state == Puzzle::GOAL}"
end
p Puzzle.neighbors([0, 1, 2, 3, 4, 5, 6, 7, 8]).map(&:first), Puzzle.neighbors([1, 2, 3, 4, 0, 5, 6, 7, 8]).map(&:first)
