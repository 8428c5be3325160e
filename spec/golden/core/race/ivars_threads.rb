# Racing attribute writes, fused Float op-assigns and ivar additions on
# shared objects: embedded slots and the spilled slot block (which grows
# while other threads read it) must never yield a torn or dangling value.
# Lost updates are allowed; only invariants that hold under any
# interleaving are printed.
# golden: ruby31
class Body
  attr_accessor :x, :v, :m
  def initialize(x) ; @x = x; @v = 0.0; @m = 1.0; end
end
bodies = (0...4).map { |i| Body.new(i * 1.0) }
bad = Queue.new
threads = 4.times.map do |t|
  Thread.new do
    20_000.times do |i|
      b = bodies[i % 4]
      b2 = bodies[(i + 1) % 4]
      b.v += (b2.x - b.x) * 0.001 * b2.m
      b.x += 0.01 * b.v
      b.m = t.even? ? 1.0 : 1
      name = :"@extra#{i % 40}"
      b.instance_variable_set(name, i.to_f) if t == 3
      y = b.instance_variable_get(:"@extra#{(i * 7) % 40}")
      bad << [:extra, y] unless y.nil? || y.is_a?(Float)
      bad << [:x, b.x] unless b.x.is_a?(Float)
      bad << [:m, b.m] unless b.m == 1
    end
  end
end
threads.each(&:join)
p bad.size
p bodies.all? { |b| b.x.is_a?(Float) && b.v.is_a?(Float) }
p bodies.map { |b| b.instance_variables.take(3) }
p bodies.map { |b| b.instance_variables.size }.max <= 43
