# Graph algorithms: BFS shortest path, DFS with cycle detection, topological sort, Dijkstra, connected components
class Graph
  def initialize(directed: false)
    @adj = Hash.new { |h, k| h[k] = {} }
    @directed = directed
  end

  def add_edge(a, b, w = 1)
    @adj[a][b] = w
    @adj[b][a] = w unless @directed
    @adj[b] unless @adj.key?(b)
    self
  end

  def nodes = @adj.keys
  def neighbors(n) = @adj.fetch(n, {}).keys

  def bfs_path(from, to)
    prev = {from => nil}
    queue = [from]
    until queue.empty?
      cur = queue.shift
      break if cur == to
      neighbors(cur).sort.each do |nb|
        next if prev.key?(nb)
        prev[nb] = cur
        queue << nb
      end
    end
    return nil unless prev.key?(to)
    path = [to]
    path.unshift(prev[path.first]) while prev[path.first]
    path
  end

  def dfs_order(start, seen = {}, out = [])
    seen[start] = true
    out << start
    neighbors(start).sort.each { |nb| dfs_order(nb, seen, out) unless seen[nb] }
    out
  end

  def cycle?
    state = Hash.new(:white)
    visit = lambda do |n|
      state[n] = :gray
      neighbors(n).each do |nb|
        return true if state[nb] == :gray
        return true if state[nb] == :white && visit.(nb)
      end
      state[n] = :black
      false
    end
    nodes.sort.any? { |n| state[n] == :white && visit.(n) }
  end

  def topo_sort
    indeg = Hash.new(0)
    nodes.each { |n| indeg[n] += 0; neighbors(n).each { |m| indeg[m] += 1 } }
    ready = indeg.select { |_, d| d.zero? }.keys.sort
    out = []
    until ready.empty?
      n = ready.shift
      out << n
      neighbors(n).each do |m|
        indeg[m] -= 1
        ready = (ready << m).sort if indeg[m].zero?
      end
    end
    out.size == nodes.size ? out : nil
  end

  def dijkstra(src)
    dist = Hash.new(Float::INFINITY)
    dist[src] = 0
    prev = {}
    todo = nodes.dup
    until todo.empty?
      u = todo.min_by { |n| [dist[n], n.to_s] }
      break if dist[u] == Float::INFINITY
      todo.delete(u)
      @adj[u].each do |v, w|
        alt = dist[u] + w
        if alt < dist[v]
          dist[v] = alt
          prev[v] = u
        end
      end
    end
    [dist, prev]
  end

  def components
    seen = {}
    nodes.sort.each_with_object([]) do |n, comps|
      next if seen[n]
      comps << dfs_order(n, seen, [])
    end
  end
end

g = Graph.new
[%w[A B], %w[A C], %w[B D], %w[C D], %w[D E], %w[E F], %w[G H]].each { |a, b| g.add_edge(a, b) }
p g.bfs_path("A", "F"), g.bfs_path("A", "H"), g.bfs_path("F", "A")
p g.dfs_order("A"), g.components.map(&:sort)

dag = Graph.new(directed: true)
[[:shirt, :tie], [:tie, :jacket], [:pants, :shoes], [:pants, :belt], [:belt, :jacket], [:shirt, :belt], [:socks, :shoes], [:undershorts, :pants]].each { |a, b| dag.add_edge(a, b) }
p dag.cycle?, dag.topo_sort
dag.add_edge(:jacket, :shirt)
p dag.cycle?, dag.topo_sort

roads = Graph.new
[["home", "park", 4], ["home", "shop", 2], ["shop", "park", 1], ["park", "school", 5], ["shop", "school", 8], ["school", "gym", 3], ["park", "gym", 10], ["lake", "cabin", 1]].each { |a, b, w| roads.add_edge(a, b, w) }
dist, prev = roads.dijkstra("home")
dist.keys.sort.each do |n|
  path = [n]
  path.unshift(prev[path.first]) while prev[path.first]
  puts format("%-7s %5s  %s", n, dist[n].to_s, dist[n].finite? ? path.join(" -> ") : "unreachable")
end
p %w[lake cabin].map { |n| dist[n] }

grid = [
  "S.#.....",
  ".##.###.",
  "....#...",
  ".##...#E",
]
cells = Graph.new
start = goal = nil
grid.each_with_index do |row, y|
  row.each_char.with_index do |ch, x|
    next if ch == "#"
    start = [x, y] if ch == "S"
    goal = [x, y] if ch == "E"
    [[1, 0], [0, 1]].each do |dx, dy|
      nx, ny = x + dx, y + dy
      next unless ny < grid.size && nx < row.size && grid[ny][nx] != "#"
      cells.add_edge([x, y], [nx, ny])
    end
  end
end
path = cells.bfs_path(start, goal)
p path.size - 1
solved = grid.map(&:dup)
path[1..-2].each { |x, y| solved[y][x] = "*" }
puts solved
