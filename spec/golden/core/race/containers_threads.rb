# Two threads push to one Array, write one Hash and append to one String
# 100,000 times each: must never crash (lost updates are allowed).
# Expected output from ruby 3.1 (threads; the output has no 3.4-specific format).
# golden: ruby31
a = []
h = {}
s = +""
ts = 2.times.map do |t|
  Thread.new do
    100_000.times do |i|
      a << i
      h[i % 1000] = t
      s << "x"
    end
  end
end
ts.each(&:join)
puts a.size <= 200_000, h.size <= 2000, s.size <= 200_000
puts "ok"
