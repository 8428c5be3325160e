# bench: threads — spawn + join of 50,000 threads (in batches of 500).
# bench-workers: 1 2
# ops = threads created
SCALE = 1
total = 50_000 * SCALE
batch = 500
sum = 0
done = 0
while done < total
  ths = Array.new(batch) { |k| Thread.new(done + k) { |v| v & 1 } }
  ths.each { |t| sum += t.value }
  done += batch
end
puts "threads = #{done} odd = #{sum}"
puts "ops: #{done}"
