# Inline Array#each (codegen/inline_each.c) and threads: Thread#raise and
# Thread#kill land in the inlined loop (its back-edge poll), frames are
# restored, and two threads walking / mutating one array never crash.
class P
  attr_accessor :x, :v
  def initialize(x, v) @x = x; @v = v end
end

def walk(ps, count)
  ps.each do |q|
    q.x += q.v
    count[0] += 1
  end
  :done
end

big = Array.new(3_000_000) { P.new(0.0, 1.0) }
[:raise, :kill].each do |how|
  count = [0]
  t = Thread.new do
    walk(big, count)
  rescue RuntimeError => e
    "#{e.message} #{e.backtrace.size > 2}"
  end
  sleep 0.001 until count[0] > 1000
  how == :raise ? t.raise(RuntimeError, "stop") : t.kill
  r = t.value
  puts "#{how}: #{r.inspect} partial=#{count[0] < big.size}"
end
begin
  raise "after"
rescue => e
  puts e.backtrace.size
end

# two threads: one walks, one pushes and shifts
arr = Array.new(1000) { P.new(0.0, 1.0) }
w = Thread.new { 50.times { walk(arr, [0]) }; :walked }
m = Thread.new do
  2000.times { |i| arr << P.new(0.0, 2.0); arr.shift if i.odd? }
  :mutated
end
p [w.value, m.value, arr.size]
p arr.all? { |q| q.x.is_a?(Float) }
