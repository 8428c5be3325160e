# Typed loops over attribute reads/stores (infer.c): Float results bit for
# bit, heap Floats (tiny/huge), NaN, Infinity, -0.0, Integer stores,
# Math.sqrt edge values, self receivers and block-captured receivers.
class P
  attr_accessor :x, :y, :m
  def initialize(x, y, m) @x = x; @y = y; @m = m end
  def step(n)
    i = 0
    while i < n
      self.x += y * 0.5
      self.y = x - m
      i += 1
    end
    [x, y]
  end
end

def pr(*a) puts a.map { |v| v.is_a?(Float) ? format("%.17g", v) : v.inspect }.join(" ") end

def pairs(ps)
n = ps.size
k = 0
while k < 3
  i = 0
  while i < n
    a = ps[i]
    j = i + 1
    while j < n
      b = ps[j]
      dx = a.x - b.x
      dy = a.y - b.y
      d2 = dx * dx + dy * dy
      mag = 0.01 / (d2 * Math.sqrt(d2))
      a.m -= dx * mag
      b.m += dy * mag
      j += 1
    end
    i += 1
  end
  k += 1
end
end
ps = [P.new(1.0, 2.0, 3.0), P.new(1e-300, 1e300, 0.1), P.new(0.1, 0.2, 0.3)]
pairs(ps)
ps.each { |p| pr p.x, p.y, p.m }

# heap Floats, NaN, Infinity, -0.0 through typed reads and stores
def specials(q)
i = 0
while i < 3
  q.x = q.x * 0.5
  q.y -= 1.0
  q.m = q.m * 1.0
  r = q.y - q.y           # NaN
  i += 1
end
pr q.x, q.y, q.m, r
pr 1.0 / q.m
end
q = P.new(1e-310, Float::INFINITY, -0.0)
specials(q)
def sq(q)
  s = 0.0
  i = 0
  while i < 2
    s = Math.sqrt(q.x) + s
    i += 1
  end
  s
end

# Math.sqrt: 0.0, -0.0, negative, NaN leave the typed copy
[4.0, 0.0, -0.0, Float::NAN, 1e-320].each do |v|
  q.x = v
  pr sq(q)
end
def neg(q)
  q.x = -1.0
  i = 0
  while i < 2
    t = Math.sqrt(q.x)
    i += 1
  end
rescue Math::DomainError => e
  puts "DomainError #{e.message} i=#{i} line=#{e.backtrace[0][/:(\d+):/, 1]}"
end
neg(q)

# Integer stores and Integer/Float mixes
def ints(q)
q.x = 1.5
i = 0
while i < 4
  q.m = i * 3
  q.x += i
  q.y = q.x / 2
  i += 1
end
pr q.x, q.y, q.m
end
ints(q)

# self receiver, private writer through self
pr(*P.new(1.0, 2.0, 0.25).step(5))

# receiver captured by a block
def captured
c = P.new(2.0, 3.0, 4.0)
f = -> { c.x }
i = 0
while i < 3
  c.y += c.x * 2.0
  i += 1
end
pr c.y, f.call
end
captured
