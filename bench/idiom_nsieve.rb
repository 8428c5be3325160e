# bench: idiomatic — sieve of Eratosthenes on Array.new(n, true): step to
# strike multiples, count, each_with_index to collect, Integer#pow check.
SCALE = 1

def sieve(m)
  flags = Array.new(m + 1, true)
  flags[0] = flags[1] = false
  2.upto(Math.sqrt(m).to_i) do |i|
    next unless flags[i]
    (i * i).step(m, i) { |j| flags[j] = false }
  end
  flags
end

m = 600_000
reps = 2 * SCALE
count = 0
last = 0
reps.times do |r|
  flags = sieve(m >> r)
  count += flags.count(true)
  primes = []
  flags.each_with_index { |f, i| primes << i if f }
  last = primes.last
end
puts "primes: #{count}"
puts last
puts 2.pow(last - 1, last)
puts "ops: #{m * reps}"
