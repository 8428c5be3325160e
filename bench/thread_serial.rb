# bench: threads — serial create + join: one thread at a time, 50,000 times.
# bench-workers: 1 2
# ops = threads created
SCALE = 1
n = 50_000 * SCALE
sum = 0
i = 0
while i < n
  sum += Thread.new(i) { |v| v & 1 }.value
  i += 1
end
puts "threads = #{n} odd = #{sum}"
puts "ops: #{n}"
