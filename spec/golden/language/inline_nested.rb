# Iterator calls with literal blocks nested in inlined blocks: the outer
# block's locals in a per-iteration env, closures over them, fallbacks.
acc = 0
5.times do |i|
  1.upto(4) { |j| acc += i ^ j }
  (0..3).each { |k| acc -= k & i }
end
p acc
m = [[1, 2], [3, 4], [5, 6]]
t = 0
m.each_with_index do |row, i|
  row.each_with_index { |x, j| t += x * (i + 1) * (j + 2) }
end
p t
r = m.map { |row| row.map { |x| x * 10 } }
p r
s = m.inject(0) { |a, row| a + row.sum { |x| x * x } }
p s
procs = []
3.times do |i|
  [1].each { |x| procs << i + x }
end
p procs
q = [1, 2, 3].map do |x|
  y = x * 2
  [10, 20].select { |z| z > y * 4 }
end
p q
out = []
3.times do |i|
  2.times do |j|
    next if j == 0
    out << [i, j]
    break if i == 1
  end
end
p out
v = 4.times.map { |i| i }   # enum path
p v
z = 0
[1, 2].each do |a|
  [3, 4].each do |b|
    [5, 6].each { |c| z += a * b * c }
  end
end
p z
class Integer
  alias old_times times
end
w = []
2.times { |i| 3.times { |j| w << i * j } }
p w
class Bag
  def initialize(*a) = @a = a
  def each
    @a.each { |x| yield x }
    self
  end
end
bag = Bag.new(7, 8)
out = []
3.times do |i|
  cnt = 0
  bag.each { |x| out << [i, x]; cnt += 1 }
  [1, 2].each { |y| cnt += y }
  out << cnt
end
p out
keep = []
[10, 20].each do |base|
  r = (1..2)
  r.each { |k| keep << -> { base + k } }
end
p keep.map(&:call)
def m(arr)
  tot = 0
  arr.each do |row|
    row.each { |x| tot += x; return :early if x == 99 }
  end
  tot
end
p m([[1, 2], [3]])
p m([[1, 99], [3]])
def yy
  [1, 2].each { |a| [3].each { |b| yield a, b } }
end
yy { |a, b| p [a, b] }
