# The collector's heap grows past the size where its new sections get
# transparent huge pages (lib/sp_gc_thp.c) while two threads allocate:
# pairs, strings and larger arrays of mixed sizes stay intact across
# the growths and collections.
def tree(d)
  d == 0 ? [nil, nil] : [tree(d - 1), tree(d - 1)]
end

def count(t)
  t[0] ? 1 + count(t[0]) + count(t[1]) : 1
end

threads = 2.times.map do |k|
  Thread.new do
    mine = []
    sum = 0
    40.times do |i|
      t = tree(12)
      mine << t if i % 8 == k
      s = "s#{k}-#{i}" * 50
      a = Array.new(300) { |j| j * (i + 1) }
      sum += count(t) + s.size + a[299]
    end
    [sum, mine.map { |t| count(t) }.sum]
  end
end
results = threads.map(&:value)
p results
big = Array.new(200_000) { |i| [i, i.to_s] }
p big[123_456], big.size
p count(tree(16))
