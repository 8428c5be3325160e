# bench: threads — Mutex#synchronize, uncontended, main thread only.
# ops = synchronize calls
SCALE = 1
n = 2_000_000 * SCALE
m = Mutex.new
c = 0
i = 0
while i < n
  m.synchronize { c += 1 }
  i += 1
end
puts "count = #{c}"
puts "ops: #{n}"
