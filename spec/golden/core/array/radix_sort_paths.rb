# Fixnum sort / sort_by fast paths (radix) and their fall-backs: key
# ranges of 0, a few, 31, 32, 33 and 63 bits, negative numbers, keys that
# stop being Fixnums part-way, Bignums, blocks that change the receiver,
# map / Array.new with blocks that outgrow or shrink things.
def lcg(n, seed, mod)
  Array.new(n) { seed = (seed * 1103515245 + 12345) % 2147483648; seed % mod }
end

def check_sorted(a, name)
  ok = true
  (1...a.size).each { |i| ok = false if a[i - 1] > a[i] }
  puts "#{name}: size=#{a.size} sorted=#{ok} first=#{a.first} last=#{a.last} sum=#{a.sum}"
end

check_sorted(lcg(5000, 1, 1000).sort, "small range")
check_sorted(lcg(5000, 2, 2147483648).sort, "31-bit")
check_sorted(lcg(5000, 3, 2147483648).map { |x| x * 2 - 2147483648 }.sort, "32-bit signed")
check_sorted(lcg(5000, 4, 2147483648).map { |x| x * 4 }.sort, "33-bit")
check_sorted(lcg(3000, 5, 2147483648).map { |x| (x << 31) - (1 << 61) }.sort, "wide")
check_sorted(Array.new(100) { 7 }.sort, "constant")
check_sorted([3, -1, 2**62, -(2**62), 0, 5, 9, 1, 2, 3, 4, 8, 7, 6, 5, 4, 3, 2, 2**61].sort, "edges")
big = lcg(2000, 6, 1000) + [2**70, -(2**70)]
check_sorted(big.sort, "with bignums")
check_sorted(lcg(2000, 7, 1000).map { |x| x + 0.5 }.sort, "floats")

# sort_by: unique keys so the order is fully determined
a = (0...4000).to_a.shuffle(random: Random.new(1))
r = a.sort_by { |x| -x }
puts "sort_by neg: #{r.first(3)} #{r.last(3)} #{r == (0...4000).to_a.reverse}"
r = a.sort_by { |x| x * 3_000_000_000 }
puts "sort_by wide: #{r.first(3)} #{r == (0...4000).to_a}"
r = a.sort_by { |x| x < 2000 ? x : x.to_f }
puts "sort_by mixed: #{r.first(3)} #{r.last(3)} #{r == (0...4000).to_a}"
r = a.sort_by { |x| x == 3999 ? 2**80 : -x }
puts "sort_by bignum key: #{r.first(3)} #{r.last(2)}"
r = a.sort_by { |x| "k%05d" % x }
puts "sort_by strings: #{r.first(3)} #{r == (0...4000).to_a}"
s = (1..40).to_a
r = s.sort_by { |x| s << 0 if x == 1; -x }
puts "sort_by growing receiver: #{r.size} #{r.first(3)} #{s.size}"
begin
  lcg(100, 8, 10).sort_by { |x| x == 5 ? nil : x }
rescue => e
  puts "#{e.class}: #{e.message.sub(/with .* failed/, "failed")}"
end
p [3, 1, 2].sort_by { |x| -x }
p [].sort_by { |x| x }

# map / Array.new fills
m = (1..20).to_a
r = m.map { |x| m.pop if x == 3; x * 2 }
puts "map shrinking: #{r.size} #{r.last}"
m = (1..20).to_a
r = m.map { |x| m << 100 if x == 3; x }
puts "map growing: #{r.size} #{r.last}"
r = Array.new(30) { |i| i * i }
puts "Array.new: #{r.size} #{r[29]} #{r.sum}"
n = 0
r = Array.new(5) { |i| n += i; [i, n] }
p r
r = Array.new(3) { |i| break :early if i == 2; i }
p r
p Array.new(10) { |i| i }.map { |x| x * x }
