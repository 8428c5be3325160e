# Typed method entries with lazily materialised frames: the activations of
# a typed recursion push no frames; the frame chain is made only when
# something can see it.  Every path that makes it must give exactly the
# backtrace the eager frames gave: slow operators at many depths of one
# recursion, a self call sent in full, depths below and beyond the lazy
# limit (128), NoMethodError from inside, Bignums at every level.

# 1. caller seen from Ruby code run by a slow operator (nil + n reaches
#    NilClass#method_missing) at several depths of one recursion
$seen = []
class NilClass
  def method_missing(name, *args)
    $seen << [name, args, caller(0).size, caller(0, 4).map { |l| l[/:(\d+):in '([^']*)'/, 0] }]
    0
  end
  def respond_to_missing?(*) = true
end
def m(n) = n < 1 ? 0 : (n == 7 ? nil + n : (n == 3 ? nil - n : 1)) +
  m(n - 1)
base = caller(0).size
p m(12)
$seen.each { |name, args, size, top| p [name, args, size - base, top] }

# 2. the same slow path deeper than the small frame buffer and than the
#    lazy limit: every level's line, the chain length
def deep(n, at) = n < 1 ? 0 : (n == at ? nil + n : 1) + deep(n - 1, at)
[5, 9, 20, 127, 128, 129, 300].each do |d|
  $seen = []
  r = deep(d, 1)
  size = $seen[0][2] - base
  p [d, r, size, $seen[0][3]]
end

# 3. NoMethodError from inside at various depths: full backtrace lines
def boom(n) = n < 1 ? nil * 2 : boom(n - 1) + 1
BOOM = __LINE__ - 1
class NilClass
  remove_method :method_missing
  remove_method :respond_to_missing?
end
[0, 1, 8, 40, 200].each do |d|
  begin
    boom(d)
  rescue NoMethodError => e
    bt = e.backtrace
    p [d, e.message, bt.index { |l| l.include?("block in") }, *[bt.first, bt[d], bt[d + 1]].map { |l| l[/:(\d+):in '([^']*)'/, 0] }, bt.count { |l| l.include?(":#{BOOM}:in 'Object#boom'") }]
  end
end

# 4. Bignums at every level (a slow operator at each of 300 levels, twice
#    in one root), and the recursion still correct afterwards
def big(n) = n < 1 ? 4611686018427387903 : big(n - 1) + n
def fact(n) = n < 2 ? 1 : n * fact(n - 1)
p big(10), big(300), big(1000) - 4611686018427387903
p fact(30), fact(200).to_s.size, fact(1000) % 1000003
def fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)
p fib(25)

# 5. a self call with a non-fixnum argument from inside (a full send with
#    the frames linked): Float and Bignum arguments mid-recursion
def mix(n) = n < 1 ? 0 : mix(n - 1) + (n == 4 ? mixf(n * 4611686018427387903) : n)
def mixf(x) = x.class.name.size
p mix(10)
def tk(x, y, z) = y < x ? tk(tk(x - 1, y, z), tk(y - 1, z, x), tk(z - 1, x, y)) : z
p tk(12, 8, 4), tk(2**64, 2**64, 1)
def sb(n) = n < 1 ? n : (n == 3 ? sb(n - 4611686018427387903 - 10) : sb(n - 1)) + 1
p sb(10), sb(200)

# 6. SystemStackError from a lazy recursion and from below the limit
def down(n) = n == 0 ? 0 : 1 + down(n - 1)
p down(1000)
begin
  down(10**9)
rescue SystemStackError => e
  p e.class, e.backtrace.first(3).map { |l| l[/:(\d+):in '([^']*)'/, 0] }.uniq
end
p down(50)
