# bench: idiomatic — counting loops: Integer#times, upto, downto, step with
# Integer and Float steps, Range#each and Range#step.
SCALE = 1

n = 40_000 * SCALE
acc = 0
facc = 0.0
n.times do |i|
  1.upto(100) { |j| acc += i ^ j }
  100.downto(1) { |j| acc -= j & i }
  0.step(300, 3) { |j| acc += j }
  (0..50).each { |j| acc += j * 2 }
  (0...60).step(4) { |j| acc -= j }
  0.0.step(1.0, 0.125) { |x| facc += x * i }
  acc %= 1_000_000_007
end
puts acc
puts facc
puts "ops: #{n * 400}"
