# The heap grows from 2 MB to tens of MB (new heap sections, on huge pages
# when available) while four threads allocate and keep their data alive;
# a collection in the middle must find every live object.
results = Array.new(4)
threads = (0...4).map do |t|
  Thread.new(t) do |k|
    keep = []
    60_000.times do |i|
      keep << "t#{k}-#{i}" * 3
      keep << [i, i * 2, i.to_f] if i % 3 == 0
    end
    GC.start if k == 0
    big = Array.new(200_000) { |i| i * k }
    sum = 0
    keep.each { |x| sum += x.is_a?(String) ? x.size : x[1] }
    results[k] = [keep.size, sum, big.sum, keep[12345]]
  end
end
threads.each(&:join)
results.each { |r| p r }
s = "x" * (8 * 1024 * 1024)
puts s.size, s.count("x")
a = (1..300_000).map { |i| i.to_s }
puts a.map(&:size).sum, a[-1]
