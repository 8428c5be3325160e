# Typed attribute reads/stores racing with other threads that store
# Floats (flonum and heap), Integers and nil into the same ivars and
# redefine the reader: the typed loop must never crash and must only ever
# see values some thread stored.
class P
  attr_accessor :x, :y
  def initialize(x, y) @x = x; @y = y end
end

def spin(p, n)
  t = 0.0
  seen = 0
  i = 0
  while i < n
    v = p.x
    if v.is_a?(Float) || v.is_a?(Integer)
      t += v * 0.0
      p.y += 1.0
    else
      seen += 1
    end
    i += 1
  end
  t
end

p0 = P.new(1.0, 0.0)
stop = false
writers = [
  Thread.new { k = 0; until stop; p0.x = [1.5, 7, 1e-310, nil, 2.5][k % 5]; k += 1; end },
  Thread.new { k = 0; until stop; p0.y = (k.even? ? 0.0 : 1e300); k += 1; Thread.pass if k % 64 == 0; end },
]
r = 0.0
5.times { r = spin(p0, 200_000) }
stop = true
writers.each(&:join)
puts r.is_a?(Float) && (r == 0.0 || r.nan?) ? "ok" : "bad #{r.inspect}"
puts p0.y.is_a?(Float)
