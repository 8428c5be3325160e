# bench: idiomatic — methods that yield: a custom each with Enumerable,
# block_given?, &block forwarding, Proc#call, lambdas kept in an Array.
SCALE = 1

class Ring
  include Enumerable

  def initialize(n)
    @items = Array.new(n) { |i| i * 3 % n }
  end

  def each
    return enum_for(:each) unless block_given?
    i = 0
    while i < @items.size
      yield @items[i]
      i += 1
    end
    self
  end

  def each_pair_sum(&block)
    each_cons(2) { |a, b| block.call(a + b) }
  end
end

def twice
  yield
  yield
end

def apply_all(fns, x)
  fns.inject(x) { |acc, f| f.call(acc) }
end

ring = Ring.new(1_000)
fns = [->(x) { x + 1 }, ->(x) { x * 3 % 1_000_003 }, proc { |x| x - 2 }]
reps = 300 * SCALE
acc = 0
reps.times do
  ring.each { |x| acc += x }
  acc += ring.select(&:even?).size
  ring.each_pair_sum { |s| acc += s & 1 }
  twice { acc += 1 }
  acc = apply_all(fns, acc)
end
puts acc
puts ring.max
puts ring.each.first(3).inspect
puts "ops: #{reps * 1_000}"
