# Corpus: sorting, object_space_like, procs_lambdas
people = [["bob", 25], ["al", 30], ["cy", 25]]
puts people.sort_by { |n, a| [a, n] }.map(&:first).join(",")
puts people.sort { |a, b| b[1] <=> a[1] }.first.inspect
puts people.max_by { _2 }.first rescue puts "err"
puts people.min_by(2) { |_, a| a }.inspect
puts %w[pear Apple fig].sort_by(&:downcase).inspect, [3, 1, 2].sort.reverse.inspect

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

square = ->(x) { x * x }
add = lambda { |a, b = 1| a + b }
shout = proc { |s| s.to_s.upcase }
compose = square >> ->(v) { v + 1 }
puts square.(4), add[2], add.call(2, 3), shout.call(:hi), compose.call(3)
def run_block
  yield 1, 2
end
puts run_block { |a, b| a + b }
counter = 0
inc = proc { counter += 1 }
3.times(&inc)
puts counter
