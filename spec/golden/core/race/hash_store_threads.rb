# 8 threads store 10,000 distinct keys each into one Hash (Integer and
# String keys): Hash#[]= is atomic, so size and contents are exact.
# golden: ruby31
h = {}
threads = 8.times.map do |t|
  Thread.new do
    10_000.times do |i|
      k = t * 10_000 + i
      h[k] = t
      h["s#{k}"] = k if i % 10 == 0
    end
  end
end
threads.each(&:join)
puts h.size
puts h.keys.uniq.size == h.size
puts (0...80_000).all? { |k| h[k] == k / 10_000 }
puts (0...80_000).step(10).all? { |k| h["s#{k}"] == k }
# store/update/fetch/delete of one shared key set from 4 threads
g = {}
4.times.map do |t|
  Thread.new do
    5_000.times do |i|
      g.store(i, t)
      g.fetch(i, nil)   # another thread may have deleted it already
      g.delete(i) if i.odd?
    end
  end
end.each(&:join)
puts g.keys.all?(&:even?), g.size == g.keys.uniq.size, g.size == g.to_a.size
