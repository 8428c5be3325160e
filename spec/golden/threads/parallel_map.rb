# parallel map via threads preserving order
def pmap(items, &blk)
  items.map { |x| Thread.new(x, &blk) }.map(&:value)
end
p pmap(1..10) { |x| x * x }
def collatz_len(n)
  c = 1
  while n != 1
    n = n.even? ? n / 2 : 3 * n + 1
    c += 1
  end
  c
end
lens = pmap(1..200) { |n| collatz_len(n) }
p lens.max, lens.index(lens.max) + 1, lens.sum
slices = (1..10_000).each_slice(2500).to_a
partials = pmap(slices) { |s| s.sum { |x| x * x } }
p partials, partials.sum, (1..10_000).sum { |x| x * x }
words = %w[alpha beta gamma delta epsilon zeta eta theta]
p pmap(words) { |w| w.upcase.reverse }
