# Corpus: object_space_like, enumerable, method_missing, hashes
class Registry
  @items = []
  class << self
    attr_reader :items
    def register(x) = (@items << x; x)
  end
end
Registry.register(:a)
Registry.register(:b)
puts Registry.items.inspect
class Registry
  @@count = 0
  def self.tick = @@count += 1
end
Registry.tick
puts Registry.tick

class NumberBag
  include Enumerable
  def initialize(*nums) = @nums = nums
  def each(&block)
    return enum_for(:each) unless block
    @nums.each(&block)
    self
  end
end
bag = NumberBag.new(5, 3, 8, 1)
puts bag.sort.inspect, bag.min, bag.include?(3), bag.each_slice(2).map(&:sum).inspect
puts bag.reduce(:+), bag.sort_by { -_1 }.first, bag.partition(&:odd?).inspect

class Ghost
  def method_missing(name, *args, &blk)
    if name.to_s.start_with?("get_")
      "got #{name.to_s.sub('get_', '')} #{args.inspect}"
    else
      super
    end
  end
  def respond_to_missing?(name, include_private = false) = name.to_s.start_with?("get_") || super
end
g = Ghost.new
puts g.get_thing(1, 2), g.respond_to?(:get_x)
begin
  g.other
rescue NoMethodError => e
  puts e.class
end

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
