# Binary-heap priority queue; used for task scheduling and k-way merge
class PriorityQueue
  include Enumerable

  def initialize(&cmp)
    @heap = []
    @cmp = cmp || ->(a, b) { a <=> b }
    @seq = 0
  end

  def size = @heap.size
  def empty? = @heap.empty?
  def peek = @heap.first&.last

  def push(item)
    @heap << [@seq += 1, item]
    sift_up(@heap.size - 1)
    self
  end
  alias << push

  def pop
    return nil if @heap.empty?
    top = @heap.first
    last = @heap.pop
    unless @heap.empty?
      @heap[0] = last
      sift_down(0)
    end
    top.last
  end

  def each
    copy = PriorityQueue.new(&@cmp)
    @heap.each { |(_, it)| copy << it }
    yield copy.pop until copy.empty?
  end

  private

  # ties broken by insertion order, so equal priorities pop FIFO (stable)
  def less(i, j)
    c = @cmp.call(@heap[i].last, @heap[j].last)
    c == 0 ? @heap[i].first < @heap[j].first : c < 0
  end

  def sift_up(i)
    while i > 0
      parent = (i - 1) / 2
      break unless less(i, parent)
      @heap[i], @heap[parent] = @heap[parent], @heap[i]
      i = parent
    end
  end

  def sift_down(i)
    n = @heap.size
    loop do
      l = 2 * i + 1
      r = l + 1
      m = i
      m = l if l < n && less(l, m)
      m = r if r < n && less(r, m)
      break if m == i
      @heap[i], @heap[m] = @heap[m], @heap[i]
      i = m
    end
  end
end

pq = PriorityQueue.new
[5, 3, 8, 1, 9, 2, 7, 3].each { |x| pq << x }
p pq.size, pq.peek, pq.to_a, pq.first(3)
out = []
out << pq.pop until pq.empty?
p out, pq.pop

Task = Struct.new(:name, :priority, :duration)
tasks = PriorityQueue.new { |a, b| [b.priority, a.duration] <=> [a.priority, b.duration] }
[["write docs", 2, 30], ["fix crash", 5, 60], ["review PR", 3, 15], ["deploy", 5, 10],
 ["lunch", 1, 45], ["triage", 3, 15], ["refactor", 2, 120]].each { |n, pr, d| tasks << Task.new(n, pr, d) }
clock = 9 * 60
until tasks.empty?
  t = tasks.pop
  puts format("%02d:%02d  p%d  %-10s (%d min)", clock / 60, clock % 60, t.priority, t.name, t.duration)
  clock += t.duration
end
puts format("done at %02d:%02d", clock / 60, clock % 60)

def k_way_merge(lists)
  pq = PriorityQueue.new { |a, b| a[0] <=> b[0] }
  lists.each_with_index { |l, i| pq << [l[0], i, 0] unless l.empty? }
  out = []
  until pq.empty?
    v, li, idx = pq.pop
    out << v
    nxt = idx + 1
    pq << [lists[li][nxt], li, nxt] if nxt < lists[li].size
  end
  out
end
p k_way_merge([[1, 4, 9], [2, 3, 10, 11], [], [0, 5]])
words = %w[pear fig banana kiwi apple date cherry]
by_len = PriorityQueue.new { |a, b| [a.size, a] <=> [b.size, b] }
words.each { |w| by_len << w }
p by_len.to_a
max_heap = PriorityQueue.new { |a, b| b <=> a }
(1..20).each { |i| max_heap << (i * 37) % 23 }
p 5.times.map { max_heap.pop }, max_heap.size
