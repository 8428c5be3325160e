# each thread owns a seeded Random: results depend only on the seed, not on scheduling
ts = [1, 2, 3, 42].map do |seed|
  Thread.new do
    r = Random.new(seed)
    [seed, Array.new(5) { r.rand(100) }, r.rand.round(8)]
  end
end
ts.map(&:value).each { |seed, ints, f| puts "seed #{seed}: #{ints.join(' ')} #{f}" }
shuffled = 3.times.map { |i| Thread.new { (1..10).to_a.shuffle(random: Random.new(i)) } }.map(&:value)
shuffled.each { |s| puts s.join(",") }
