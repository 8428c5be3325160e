# Promoted attributes (infer.c prom_*) and threads: Thread#raise / kill
# delivered at the back-edge poll of a promoted loop find the objects
# written back (each iteration keeps a.v + sum of the others' v at 0), and
# two threads racing on the same objects never crash (lost updates are
# allowed, a non-Float never appears).
class P
  attr_accessor :x, :v
  def initialize(x, v) @x = x; @v = v end
end

def spin(ps, limit)
  n = ps.size
  k = 0
  while k < limit
    b = ps[0]
    j = 1
    while j < n
      b2 = ps[j]
      b.v += 1.0
      b2.v -= 1.0
      b2.x += b.v * 0.0
      j += 1
    end
    k += 1
  end
  k
end

def total(ps) = ps.sum(&:v)

[:raise, :kill].each do |how|
  ps = [P.new(0.0, 0.0)] + Array.new(50) { P.new(1.0, 0.0) }
  t = Thread.new do
    spin(ps, 1 << 62)
  rescue RuntimeError => e
    e.message
  end
  sleep 0.01 until ps[0].v > 20000.0
  how == :raise ? t.raise(RuntimeError, "stop") : t.kill
  r = t.value
  puts "#{how}: #{r.inspect} balanced=#{total(ps) == 0.0} moved=#{ps[0].v > 20000.0}"
end

# preemption: two threads take turns (one worker) or run in parallel
ps = [P.new(0.0, 0.0)] + Array.new(20) { P.new(1.0, 0.0) }
qs = [P.new(0.0, 0.0)] + Array.new(20) { P.new(1.0, 0.0) }
a = Thread.new { spin(ps, 30000) }
b = Thread.new { spin(qs, 30000) }
p [a.value, b.value]
p [ps[0].v, total(ps), qs[0].v, total(qs)]

# racing on the same objects
shared = [P.new(0.0, 0.0)] + Array.new(10) { P.new(1.0, 0.0) }
ts = 3.times.map { |k| Thread.new { spin(k == 2 ? shared.reverse : shared, 20000) } }
p ts.map(&:value)
p shared.all? { |q| q.v.is_a?(Float) && q.x.is_a?(Float) }
