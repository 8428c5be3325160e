# Graph algorithms over hash-of-arrays: BFS, DFS (recursive and iterative),
# topological sort with cycle detection, Dijkstra with a simple queue.
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

  def nodes = @adj.keys.sort
  def neighbors(n) = @adj[n].keys.sort

  def bfs(start)
    seen = { start => 0 }
    queue = [start]
    until queue.empty?
      n = queue.shift
      neighbors(n).each do |m|
        next if seen.key?(m)
        seen[m] = seen[n] + 1
        queue << m
      end
    end
    seen
  end

  def dfs(start, seen = [], &visit)
    return seen if seen.include?(start)
    seen << start
    visit&.call(start)
    neighbors(start).each { |m| dfs(m, seen, &visit) }
    seen
  end

  def dfs_iter(start)
    stack, seen = [start], []
    while (n = stack.pop)
      next if seen.include?(n)
      seen << n
      neighbors(n).reverse_each { |m| stack.push(m) }
    end
    seen
  end

  class CycleError < StandardError; end

  def topo_sort
    state = {}
    order = []
    visit = lambda do |n|
      case state[n]
      when :done then return
      when :active then raise CycleError, "cycle at #{n}"
      end
      state[n] = :active
      neighbors(n).each { |m| visit.(m) }
      state[n] = :done
      order.unshift(n)
    end
    nodes.each { |n| visit.(n) }
    order
  end

  def dijkstra(src)
    dist = Hash.new(Float::INFINITY)
    dist[src] = 0
    prev = {}
    todo = nodes.dup
    until todo.empty?
      u = todo.min_by { |n| dist[n] }
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

  def path(prev, to)
    out = [to]
    out.unshift(prev[out.first]) while prev[out.first]
    out
  end
end

g = Graph.new
[[:a, :b], [:a, :c], [:b, :d], [:c, :d], [:d, :e], [:f, :g]].each { |x, y| g.add_edge(x, y) }
p g.nodes
p g.bfs(:a)
visited = []
g.dfs(:a) { |n| visited << n.to_s.upcase }
p visited
p g.dfs_iter(:a)
dag = Graph.new(directed: true)
{ shirt: [:tie, :belt], tie: [:jacket], pants: [:shoes, :belt], belt: [:jacket], socks: [:shoes] }.each do |k, vs|
  vs.each { |v| dag.add_edge(k, v) }
end
p dag.topo_sort
dag.add_edge(:jacket, :shirt)
begin
  dag.topo_sort
rescue Graph::CycleError => e
  puts "error: #{e.message}"
end
w = Graph.new
[[:s, :a, 7], [:s, :b, 2], [:b, :a, 3], [:a, :t, 1], [:b, :t, 8], [:x, :y, 1]].each { |a, b, c| w.add_edge(a, b, c) }
dist, prev = w.dijkstra(:s)
p dist.sort.to_h
p w.path(prev, :t)
p dist[:x]
