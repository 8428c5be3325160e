# ObjectSpace::WeakKeyMap: keys by eql?/hash (collectable objects only),
# getkey, delete, clear, inspect; entries whose keys are kept alive survive
# GC.start (only what must survive is checked).
w = ObjectSpace::WeakKeyMap.new
k = "x"
w[k] = 1
p w["x"], w.key?("x"), w.getkey("x").equal?(k), w.inspect.sub(/0x\h+/, "")
w["x"] = 2
p w[k], w.inspect.sub(/0x\h+/, "")
a = [1, 2]
w[a] = :arr
p w[[1, 2]], w.getkey([1, 2]).equal?(a)
p w[1], w.key?(1), w.getkey(1)
p w.delete(1) rescue p $!
p w.delete("zz"), w.delete("zz") { |kk| "nf #{kk}" }
p w.delete("x"), w.key?("x")
begin; w[1] = 2; rescue => e; p e.class, e.message; end
begin; w[:s] = 2; rescue => e; p e.class, e.message; end
p w.clear.equal?(w), w.key?(a), w.inspect.sub(/0x\h+/, "")
p ObjectSpace::WeakKeyMap.ancestors.take(2)
class K; attr_reader :v; def initialize(v) = @v = v; def hash = v.hash; def eql?(o) = o.is_a?(K) && o.v == v; end
k1 = K.new(1)
w[k1] = :one
p w[K.new(1)], w[K.new(2)]
keep = Array.new(500) { |i| "key#{i}" }
keep.each_with_index { |kk, i| w[kk] = i }
GC.start
p keep.each_with_index.all? { |kk, i| w[kk.dup] == i }
