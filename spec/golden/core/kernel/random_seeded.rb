# Random with fixed seeds: CRuby's Mersenne Twister sequence is part of the contract
r = Random.new(42)
p Array.new(5) { r.rand(100) }
p Array.new(3) { r.rand.round(10) }
p r.rand(1..6), r.rand(0.0...1.0).round(10), r.rand(2**40), r.rand(-5..5), r.bytes(6).unpack("C*")
p [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].shuffle(random: Random.new(7)), (1..10).to_a.sample(3, random: Random.new(7))
p %w[a b c d].sample(random: Random.new(1)), %w[a b c d].shuffle(random: Random.new(2))
srand(2024)
a = [rand(10), rand(10), rand(10), rand]
srand(2024)
b = [rand(10), rand(10), rand(10), rand]
p a == b, a.first(3), Random.rand(1.0).class
g1 = Random.new(99)
g2 = Random.new(99)
p 10.times.all? { g1.rand(1000) == g2.rand(1000) }, Random.new(5) == Random.new(5)
dice = Random.new(3)
counts = Hash.new(0)
1000.times { counts[dice.rand(1..6)] += 1 }
p counts.sort.to_h, counts.values.sum
walk = Random.new(11)
pos = 0
path = 20.times.map { pos += walk.rand(2).zero? ? -1 : 1 }
p path
p Random.new(0).rand(10**30), Random.new(1).rand(0.5).round(12), Random.new(3).rand(1.5..2.5).round(12)
