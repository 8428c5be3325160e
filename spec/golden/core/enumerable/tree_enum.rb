# Enumerable over a recursive structure (binary search tree)
class Tree
  include Enumerable
  Node = Struct.new(:value, :left, :right)
  def initialize
    @root = nil
    @size = 0
  end
  attr_reader :size

  def insert(v)
    @size += 1
    if @root.nil?
      @root = Node.new(v)
      return self
    end
    cur = @root
    loop do
      if v < cur.value
        if cur.left then cur = cur.left else cur.left = Node.new(v); break end
      else
        if cur.right then cur = cur.right else cur.right = Node.new(v); break end
      end
    end
    self
  end
  alias << insert

  def each(&block)
    return to_enum(:each) unless block
    walk(@root, &block)
  end

  def depth(node = @root)
    node.nil? ? 0 : 1 + [depth(node.left), depth(node.right)].max
  end

  private

  def walk(node, &block)
    return unless node
    walk(node.left, &block)
    block.call(node.value)
    walk(node.right, &block)
  end
end

t = Tree.new
[50, 30, 70, 20, 40, 60, 80, 35, 45, 65].each { |v| t << v }
p t.to_a, t.size, t.depth, t.min, t.max, t.sum, t.select(&:even?).size, t.each_slice(4).map(&:sum)
p t.first(3), t.include?(45), t.find { |v| v > 42 }, t.sort_by { |v| -v }.first(2), t.each.next
p t.map { |v| v / 10 }.tally, t.minmax, t.reduce(:+) == t.sum, t.lazy.map { |v| v * 2 }.first(2)
e = t.each
p e.next, e.next, e.peek, e.next
p t.each_with_index.select { |v, i| i.odd? }.map(&:first)
