# Conway's Game of Life on a toroidal grid and on an unbounded set of cells
class Life
  attr_reader :generation

  def initialize(pattern)
    @cells = {}
    pattern.each_with_index do |row, y|
      row.each_char.with_index { |ch, x| @cells[[x, y]] = true if ch == "#" }
    end
    @generation = 0
  end

  def alive = @cells.keys
  def population = @cells.size

  def step
    counts = Hash.new(0)
    @cells.each_key do |(x, y)|
      [-1, 0, 1].product([-1, 0, 1]).each do |dx, dy|
        next if dx.zero? && dy.zero?
        counts[[x + dx, y + dy]] += 1
      end
    end
    nxt = {}
    counts.each { |pos, n| nxt[pos] = true if n == 3 || (n == 2 && @cells[pos]) }
    @cells = nxt
    @generation += 1
    self
  end

  def bounds
    xs = @cells.keys.map(&:first)
    ys = @cells.keys.map(&:last)
    [xs.min, ys.min, xs.max, ys.max]
  end

  def render
    return "(empty)" if @cells.empty?
    x0, y0, x1, y1 = bounds
    (y0..y1).map { |y| (x0..x1).map { |x| @cells[[x, y]] ? "#" : "." }.join }.join("\n")
  end
end

class TorusLife
  def initialize(w, h, live)
    @w = w
    @h = h
    @grid = Array.new(h) { Array.new(w, false) }
    live.each { |x, y| @grid[y][x] = true }
  end

  def step
    @grid = Array.new(@h) do |y|
      Array.new(@w) do |x|
        n = 0
        (-1..1).each do |dy|
          (-1..1).each do |dx|
            next if dx == 0 && dy == 0
            n += 1 if @grid[(y + dy) % @h][(x + dx) % @w]
          end
        end
        n == 3 || (n == 2 && @grid[y][x])
      end
    end
    self
  end

  def to_s = @grid.map { |r| r.map { |c| c ? "O" : "." }.join }.join("\n")
  def count = @grid.sum { |r| r.count(true) }
end

glider = Life.new([".#.", "..#", "###"])
5.times do
  puts "gen #{glider.generation} pop #{glider.population} bounds #{glider.bounds.inspect}"
  puts glider.render
  glider.step
end

blinker = Life.new(["###"])
p blinker.step.alive.sort, blinker.step.alive.sort

rpent = Life.new([".##", "##.", ".#."])
pops = []
60.times { pops << rpent.population; rpent.step }
p pops.each_slice(10).map(&:last), rpent.population

t = TorusLife.new(8, 6, [[1, 0], [2, 1], [0, 2], [1, 2], [2, 2]])
[0, 4, 8, 24].each_cons(2) do |from, to|
  (to - from).times { t.step }
  puts "torus after #{to} steps (#{t.count} alive):"
  puts t
end
still = Life.new(["##", "##"])
3.times { still.step }
p still.render, still.population, still.generation
empty = Life.new(["#"])
p empty.step.render
# oscillator periods: blinker 2, toad 2, beacon 2; a block is still life (period 1)
{"blinker" => ["###"], "toad" => [".###", "###."], "beacon" => ["##..", "##..", "..##", "..##"], "block" => ["##", "##"]}.each do |name, pat|
  life = Life.new(pat)
  start = life.alive.sort
  period = (1..10).find { life.step.alive.sort == start }
  puts "#{name}: period #{period.inspect}, population #{life.population}"
end
