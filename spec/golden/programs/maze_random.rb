# Maze generation with a seeded Random (recursive backtracker), solved with BFS; also Random API checks
class Maze
  DIRS = {n: [0, -1], s: [0, 1], e: [1, 0], w: [-1, 0]}.freeze
  OPP = {n: :s, s: :n, e: :w, w: :e}.freeze

  attr_reader :w, :h

  def initialize(w, h, seed)
    @w = w
    @h = h
    @rng = Random.new(seed)
    @open = Hash.new { |hh, k| hh[k] = [] }
    carve
  end

  def carve
    stack = [[0, 0]]
    seen = {[0, 0] => true}
    until stack.empty?
      x, y = stack.last
      options = DIRS.keys.select do |d|
        dx, dy = DIRS[d]
        nx, ny = x + dx, y + dy
        nx.between?(0, @w - 1) && ny.between?(0, @h - 1) && !seen[[nx, ny]]
      end
      if options.empty?
        stack.pop
        next
      end
      d = options[@rng.rand(options.size)]
      dx, dy = DIRS[d]
      nxt = [x + dx, y + dy]
      @open[[x, y]] << d
      @open[nxt] << OPP[d]
      seen[nxt] = true
      stack.push(nxt)
    end
  end

  def solve(from = [0, 0], to = [@w - 1, @h - 1])
    prev = {from => nil}
    q = [from]
    until q.empty?
      cur = q.shift
      break if cur == to
      @open[cur].sort.each do |d|
        dx, dy = DIRS[d]
        nb = [cur[0] + dx, cur[1] + dy]
        next if prev.key?(nb)
        prev[nb] = cur
        q << nb
      end
    end
    path = [to]
    path.unshift(prev[path.first]) while prev[path.first]
    path
  end

  def render(path = [])
    on_path = path.to_h { |c| [c, true] }
    lines = ["+" + "---+" * @w]
    @h.times do |y|
      row = +"|"
      bottom = +"+"
      @w.times do |x|
        row << (on_path[[x, y]] ? " * " : "   ")
        row << (@open[[x, y]].include?(:e) ? " " : "|")
        bottom << (@open[[x, y]].include?(:s) ? "   " : "---") << "+"
      end
      lines << row << bottom
    end
    lines.join("\n")
  end

  def dead_ends = @open.count { |_, ds| ds.size == 1 }
end

m = Maze.new(8, 5, 42)
path = m.solve
puts m.render(path)
p path.size, m.dead_ends
m2 = Maze.new(8, 5, 42)
p m2.solve == path
m3 = Maze.new(12, 6, 2024)
puts m3.render(m3.solve)
p m3.solve.size

r = Random.new(1234)
p r.rand(100), r.rand(100), r.rand(1.0).round(6), r.rand(10..20), r.bytes(4).bytesize
p Random.new(5).rand(1000), Random.new(5).rand(1000)
p [1, 2, 3, 4, 5, 6, 7, 8].shuffle(random: Random.new(3))
p (1..20).to_a.sample(4, random: Random.new(9))
p Random.new(7).seed, Random.new(99).rand, Random.new(0).rand(2**70)
srand(10)
a = Array.new(5) { rand(50) }
srand(10)
b = Array.new(5) { rand(50) }
p a == b, a
rolls = Random.new(6)
hist = Array.new(6, 0)
600.times { hist[rolls.rand(6)] += 1 }
p hist, hist.sum
