# Corpus: linked_list, hashes, freeze_constants
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

inventory = {apple: 3, "banana" => 5, pear: 0}
inventory[:kiwi] = 7
inventory.delete(:pear)
inventory.each_pair { |k, v| puts "#{k}=#{v}" }
puts inventory.select { |_, v| v > 4 }.keys.inspect
puts inventory.transform_values { _1 * 2 }.values.sum
defaults = {color: "red", size: 1}
opts = {**defaults, size: 3}
puts opts.inspect
puts opts.fetch(:weight, "none"), opts.dig(:color)

module Colors
  ALL = %i[red green blue].freeze
  DEFAULT = ALL.first
  def self.valid?(c) = ALL.include?(c)
end
puts Colors::DEFAULT, Colors.valid?(:green), Colors.valid?(:pink), Colors::ALL.frozen?
