# bench: single-thread — String.new(capacity: 64 KiB) in a loop, a few bytes
# appended to each (a capacity hint that is mostly never used).
SCALE = 1
n = 100_000 * SCALE
total = 0
n.times do |i|
  s = String.new(capacity: 65_536)
  s << "line " << i.to_s
  total += s.bytesize
end
puts total
puts "ops: #{n}"
