# A singly linked list with Enumerable, plus Stack and Queue built on it, and a sorted insert
class LinkedList
  include Enumerable
  Node = Struct.new(:value, :next_node)

  attr_reader :size

  def initialize(*items)
    @head = nil
    @tail = nil
    @size = 0
    items.each { |i| push(i) }
  end

  def self.[](*items) = new(*items)

  def push(v)
    node = Node.new(v, nil)
    if @tail
      @tail.next_node = node
    else
      @head = node
    end
    @tail = node
    @size += 1
    self
  end
  alias << push

  def unshift(v)
    @head = Node.new(v, @head)
    @tail ||= @head
    @size += 1
    self
  end

  def shift
    return nil unless @head
    v = @head.value
    @head = @head.next_node
    @tail = nil unless @head
    @size -= 1
    v
  end

  def each
    return to_enum(:each) { @size } unless block_given?
    n = @head
    while n
      yield n.value
      n = n.next_node
    end
    self
  end

  def [](i)
    return nil if i >= @size || i < -@size
    i += @size if i.negative?
    each_with_index { |v, j| return v if j == i }
  end

  def reverse!
    prev = nil
    cur = @head
    @tail = @head
    while cur
      nxt = cur.next_node
      cur.next_node = prev
      prev = cur
      cur = nxt
    end
    @head = prev
    self
  end

  def delete(v)
    removed = 0
    prev = nil
    cur = @head
    while cur
      if cur.value == v
        prev ? prev.next_node = cur.next_node : @head = cur.next_node
        @tail = prev if cur == @tail
        @size -= 1
        removed += 1
      else
        prev = cur
      end
      cur = cur.next_node
    end
    removed
  end

  def insert_sorted(v)
    if @head.nil? || v <= @head.value
      unshift(v)
      return self
    end
    cur = @head
    cur = cur.next_node while cur.next_node && cur.next_node.value < v
    cur.next_node = Node.new(v, cur.next_node)
    @tail = cur.next_node if cur == @tail
    @size += 1
    self
  end

  def middle
    slow = fast = @head
    while fast&.next_node
      slow = slow.next_node
      fast = fast.next_node.next_node
    end
    slow&.value
  end

  def empty? = @size.zero?
  def ==(o) = o.is_a?(LinkedList) && to_a == o.to_a
  def to_s = "(" + map(&:inspect).join(" -> ") + ")"
  def inspect = "#<LinkedList #{self}>"
end

class Stack
  def initialize = @list = LinkedList.new
  def push(v) = (@list.unshift(v); self)
  def pop = @list.shift
  def peek = @list.first
  def empty? = @list.empty?
  def size = @list.size
end

l = LinkedList[3, 1, 4, 1, 5, 9, 2, 6]
p l, l.size, l.to_a, l.first, l.first(3), l[2], l[-1], l[8], l.middle
p l.sort, l.max, l.sum, l.select(&:odd?), l.include?(9), l.each_slice(3).to_a, l.min_by { |x| (x - 5).abs }
p l.delete(1), l, l.size
l.reverse!
p l, l.shift, l.size
l << 7
l.unshift(0)
puts l
p l.each.next, l.map { |x| x * 10 }, l.sort.reverse, l.tally.size, l.lazy.map { |x| x + 1 }.first(2)
s = LinkedList.new
[5, 2, 8, 1, 9, 3, 3].each { |v| s.insert_sorted(v) }
p s, s.size, s == LinkedList[1, 2, 3, 3, 5, 8, 9], s.middle
p LinkedList.new.middle, LinkedList.new.to_a, LinkedList.new.shift, LinkedList[1].reverse!.to_a
st = Stack.new
"(a [b {c} d] e)".each_char do |ch|
  case ch
  when "(", "[", "{" then st.push(ch)
  when ")", "]", "}" then st.pop
  end
end
p st.empty?
def balanced?(s)
  pairs = {")" => "(", "]" => "[", "}" => "{"}
  st = Stack.new
  s.each_char do |ch|
    if pairs.value?(ch)
      st.push(ch)
    elsif pairs.key?(ch)
      return false if st.pop != pairs[ch]
    end
  end
  st.empty?
end
["()", "([]{})", "(]", "((", "a(b)c[d{e}]", ")("].each { |s| puts "#{s.ljust(14)} #{balanced?(s)}" }
q = LinkedList.new
10.times { |i| q << i }
out = []
out << q.shift while q.size > 3
p out, q
