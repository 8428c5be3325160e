# Mixed push/pop/shift/delete/[]= on one Array and one Hash from 4 threads,
# then a consistency check: unique keys, size == entries, Array elements
# all of the expected shape.  Lost updates are impossible (each operation
# is atomic); the final contents depend on the interleaving, so only
# invariants are printed.
# golden: ruby31
a = []
h = {}
threads = 4.times.map do |t|
  Thread.new do
    10_000.times do |i|
      case i % 5
      when 0, 1 then a.push(i)
      when 2 then a.pop
      when 3 then a[i % 50] = -i
      else a.delete(i - 4)
      end
      h[i % 1_000] = t
      h.delete(i % 13)
      h.shift if i % 97 == 0
    end
  end
end
threads.each(&:join)
puts a.all? { |x| x.nil? || x.is_a?(Integer) }
puts h.keys.uniq.size == h.size, h.size == h.to_a.size, h.size == h.count { true }
puts h.keys.all? { |k| k.is_a?(Integer) && k < 1_000 }, h.values.all? { |v| v.between?(0, 3) }
# a counter per thread that only its own thread touches, in one shared Hash
counts = Hash.new(0)
8.times.map { |t| Thread.new { 10_000.times { counts[t] += 1 } } }.each(&:join)
puts counts.values.uniq.inspect, counts.size
# concurrent push and shift keep every element exactly once
q = (0...40_000).to_a
got = 4.times.map { Thread.new { r = []; while (x = q.shift); r << x; end; r } }.map(&:value)
puts got.sum(&:size), got.flatten.sort == (0...40_000).to_a
