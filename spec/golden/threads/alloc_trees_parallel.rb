# Many threads build and check binary trees of small arrays at the same
# time (per-worker allocation caches, collections stopping every worker),
# with Thread.pass inside so green threads move between workers mid-build;
# a long-lived tree per thread must survive all the collections.
def make(d)
  return [nil, nil] if d == 0
  Thread.pass if d == 6
  [make(d - 1), make(d - 1)]
end

def check(t)
  t[0] ? 1 + check(t[0]) + check(t[1]) : 1
end

threads = 8.times.map do |k|
  Thread.new do
    keep = make(10)
    sum = 0
    60.times do |i|
      sum += check(make(4 + (i + k) % 8))
      sum += [i, k, i + k].sum + ([k] * 3 == [k, k, k] ? 1 : 0)
    end
    strs = Array.new(2000) { |i| "t#{k}-#{i}" }
    [k, sum, check(keep), strs.last, strs.map(&:size).sum]
  end
end
threads.map(&:value).each { |r| p r }
big = Array.new(50_000) { |i| [i, i.to_s] }
p big.sum { |a| a[0] }, big.last
