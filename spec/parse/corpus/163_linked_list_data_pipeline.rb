# Corpus: linked_list, data_pipeline, strings
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

Record = Struct.new(:city, :temp)
rows = <<~CSV.lines.map(&:chomp).reject(&:empty?).map { |l| l.split(",") }
  paris,12
  oslo,-3
  paris,18
  lima,22
CSV
recs = rows.map { |c, t| Record.new(c, t.to_i) }
by_city = recs.group_by(&:city).transform_values { |rs| rs.sum(&:temp).fdiv(rs.size) }
by_city.sort.each { |city, avg| puts "#{city.ljust(6)} #{'%.1f' % avg}" }
puts recs.max_by(&:temp).city, recs.count { _1.temp < 0 }

s = "The quick brown fox"
words = s.split
puts words.map(&:capitalize).join(" ")
puts s.gsub(/o/) { |m| m.upcase }
puts s.sub("quick", "slow").center(30, "*")
puts s.scan(/\w+/).length, s =~ /brown/, $~[0]
printf("%05.2f|%-6s|%x\n", 3.14159, "ab", 255)
puts "tab\tnew\\line \u00e9 \x41 \101"
