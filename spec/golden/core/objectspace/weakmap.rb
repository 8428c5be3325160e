# ObjectSpace::WeakMap: identity keys, immediates as keys and values,
# insertion order, CRuby's inspect; entries whose key and value are kept
# alive survive GC.start (collection itself is not deterministic: only
# what must survive is checked).
m = ObjectSpace::WeakMap.new
k = "a"
v = "b"
m[k] = v
m[1] = :x
m[nil] = 2
m[:sym] = 3r
p m.size, m.length
p m[k], m["a"], m[1], m[nil], m[:sym], m[:other]
p m.key?(k), m.include?(1), m.member?(nil), m.key?("a"), m.key?(:nope)
p m.keys, m.values
m.each { |a, b| p [a, b] }
m.each_pair { |a, b| p [a, b] }
m.each_key { |a| p a }
m.each_value { |a| p a }
p(m.inspect.gsub(/0x\h+/, "0x..."))
p m.delete(k), m.delete("q"), m.delete("q") { |kk| "not found: #{kk}" }
p m.size, m.key?(k)
p((m[3] = 4))
m[3] = 5
p m[3], m.size
p m.map { |a, b| a }.size
p ObjectSpace::WeakMap.ancestors.take(2)
p ObjectSpace::WeakMap.new.each { }.class
begin
  m.each
rescue LocalJumpError => e
  puts "LocalJumpError: #{e.message}"
end

keep = []
big = ObjectSpace::WeakMap.new
2000.times do |i|
  key = "k#{i}"
  val = "v#{i}"
  big[key] = val
  keep << [key, val] if i % 10 == 0
end
GC.start
p keep.all? { |key, val| big[key].equal?(val) && big.key?(key) }
p big.size >= keep.size
p keep.count { |key, _| big.keys.any? { |x| x.equal?(key) } }
