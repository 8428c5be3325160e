# LRU cache built on Hash insertion order, plus a doubly-linked-list variant; memoized computations
class LRUCache
  attr_reader :hits, :misses, :evictions

  def initialize(capacity)
    raise ArgumentError, "capacity must be positive" unless capacity.positive?
    @capacity = capacity
    @store = {}
    @hits = @misses = @evictions = 0
  end

  def get(key)
    if @store.key?(key)
      @hits += 1
      value = @store.delete(key)
      @store[key] = value
    else
      @misses += 1
      nil
    end
  end

  def put(key, value)
    @store.delete(key)
    @store[key] = value
    if @store.size > @capacity
      @store.shift
      @evictions += 1
    end
    value
  end

  def fetch(key)
    v = get(key)
    return v unless v.nil?
    put(key, yield(key))
  end

  def keys = @store.keys
  def size = @store.size
  def to_s = "LRU(#{@store.map { |k, v| "#{k}=#{v}" }.join(', ')})"
end

class LinkedLRU
  Node = Struct.new(:key, :value, :prev, :next)

  def initialize(capacity)
    @capacity = capacity
    @map = {}
    @head = Node.new(:head)
    @tail = Node.new(:tail)
    @head.next = @tail
    @tail.prev = @head
  end

  def get(key)
    node = @map[key] or return nil
    unlink(node)
    push_front(node)
    node.value
  end

  def put(key, value)
    if (node = @map[key])
      node.value = value
      unlink(node)
      push_front(node)
      return
    end
    node = Node.new(key, value)
    @map[key] = node
    push_front(node)
    return unless @map.size > @capacity
    lru = @tail.prev
    unlink(lru)
    @map.delete(lru.key)
    nil
  end

  def order
    out = []
    n = @head.next
    while n != @tail
      out << n.key
      n = n.next
    end
    out
  end

  private

  def unlink(n)
    n.prev.next = n.next
    n.next.prev = n.prev
  end

  def push_front(n)
    n.next = @head.next
    n.prev = @head
    @head.next.prev = n
    @head.next = n
  end
end

c = LRUCache.new(3)
c.put(:a, 1)
c.put(:b, 2)
c.put(:c, 3)
p c.get(:a), c.keys
c.put(:d, 4)
p c.keys, c.get(:b), c.to_s
c.put(:c, 30)
p c.keys, c.size, [c.hits, c.misses, c.evictions]

l = LinkedLRU.new(3)
ops = [[:put, 1, "one"], [:put, 2, "two"], [:get, 1], [:put, 3, "three"], [:put, 4, "four"], [:get, 2], [:get, 3], [:put, 1, "uno"], [:put, 5, "five"], [:get, 4]]
ops.each do |op, k, v|
  r = op == :put ? l.put(k, v) : l.get(k)
  puts "#{op} #{k}#{v ? " #{v}" : ''} -> #{r.inspect} order=#{l.order}"
end

calls = 0
slow_square = ->(n) { calls += 1; n * n }
cache = LRUCache.new(4)
seq = [1, 2, 3, 1, 2, 4, 5, 1, 6, 2, 1, 1]
res = seq.map { |n| cache.fetch(n) { |k| slow_square.(k) } }
p res, calls, [cache.hits, cache.misses, cache.evictions], cache.keys
begin
  LRUCache.new(0)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
collatz = LRUCache.new(1000)
len = lambda do |n|
  return 1 if n == 1
  collatz.fetch(n) { |k| 1 + len.(k.even? ? k / 2 : 3 * k + 1) }
end
best = (1..3000).max_by { |n| len.(n) }
p best, len.(best), collatz.size <= 1000
