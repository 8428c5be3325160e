# recv[i] = v and recv[i] op= v run Array#[]= / Hash#[]= without a method
# call for plain arrays and hashes; every case the builtin must handle
# itself still behaves (and fails) exactly like the real call.
h = {}
h[1] = :int
h[:s] = :sym
k = +"key"
h[k] = :str
k << "!"
p h, h.keys[2].frozen?, h.keys[2].equal?(k)
h["n"] = 1
h["n"] += 5
p h
counts = Hash.new(0)
%w[a b a c b a].each { |w| counts[w] += 1 }
p counts
lists = {}
[[1, :x], [2, :y], [1, :z]].each { |n, s| (lists[n] ||= []) << s }
p lists
dp = Hash.new { |hh, kk| hh[kk] = kk * 2 }
dp[3] += 1
p dp

def show(e)
  puts "#{e.class}: #{e.message}"
  puts e.backtrace.first(2).map { |l| l.sub(/^.*?:/, "") }
end

frozen = { a: 1 }.freeze
begin
  frozen[:b] = 2
rescue => e
  show(e)
end
begin
  frozen[:a] += 1
rescue => e
  show(e)
end
iter = { a: 1 }
begin
  iter.each { |kk, _| iter[:new] = 1 }
rescue => e
  show(e)
end
iter.each { |kk, _| iter[kk] = 5 }
p iter

class Key
  attr_reader :n
  def initialize(n) = @n = n
  def hash = n.hash
  def eql?(o) = o.is_a?(Key) && o.n == n
end
kh = {}
kh[Key.new(1)] = :one
kh[Key.new(1)] = :uno
p kh.size, kh.values

ih = {}.compare_by_identity
s1 = "x"
ih[s1] = 1
ih["x".dup] = 2
p ih.size, ih.keys.map(&:frozen?)

class MyHash < Hash
  def []=(k, v) = super(k, v * 10)
end
mh = MyHash.new
mh[:a] = 1
mh[:a] += 1
p mh

sh = {}
def sh.[]=(k, v) = super(k, -v)
sh[:a] = 3
p sh

a = [1, 2, 3]
a[0] = :zero
a[3] = :append
a[6] = :far
a[-1] = :neg
a[1] += 40
p a
begin
  a[-20] = 1
rescue => e
  show(e)
end
begin
  [1].freeze[0] = 2
rescue => e
  show(e)
end
x = (a[2] = :v)
p x

class Array
  alias_method :orig_aset, :[]=
  def []=(i, v) = (puts "redefined #{i}"; orig_aset(i, v))
end
class Hash
  alias_method :orig_aset, :[]=
  def []=(k, v) = (puts "redefined #{k}"; orig_aset(k, v))
end
b = [0]
b[0] = 1
b[0] += 1
p b
h2 = {}
h2[:z] = 1
h2[:z] += 1
p h2
