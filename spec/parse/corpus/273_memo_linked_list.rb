# Corpus: memo, linked_list, gvars_special, io_like
class Fibber
  def initialize = @memo = {0 => 0, 1 => 1}
  def [](n) = @memo[n] ||= self[n - 1] + self[n - 2]
end
puts Fibber.new[80]
cache = Hash.new { |h, k| h[k] = k * k }
puts cache[12], cache.size

class Node
  attr_accessor :value, :next_node
  def initialize(value, next_node = nil)
    @value = value
    @next_node = next_node
  end
end
class LinkedList
  include Enumerable
  def initialize = @head = nil
  def push(v)
    node = Node.new(v)
    if @head.nil?
      @head = node
    else
      cur = @head
      cur = cur.next_node while cur.next_node
      cur.next_node = node
    end
    self
  end
  alias << push
  def each
    cur = @head
    while cur
      yield cur.value
      cur = cur.next_node
    end
  end
end
ll = LinkedList.new
ll << 3 << 1 << 2
puts ll.to_a.inspect, ll.sort.inspect, ll.map { _1 * 2 }.inspect

$counter = 0
def bump = $counter += 1
3.times { bump }
puts $counter
puts $PROGRAM_NAME.class, __method__.inspect
def meth_name = __method__
puts meth_name
puts __FILE__.end_with?(".rb"), __LINE__ > 0
"abc" =~ /b/
puts $~.pre_match, $`, $'

require 'stringio'
io = StringIO.new
io.puts "line one"
io.print "a", "b", "\n"
io << "appended\n"
io.printf("%d items\n", 3)
puts io.string.lines.map(&:chomp).inspect
$stdout.write("direct\n")
STDOUT.puts "const stdout"
$stderr.class
warn "to stderr" if false
