# bench: single-thread — JSON.parse of a ~4 MB document built in the program
# (objects with string, integer, float, boolean, null and nested array values).
require 'json'
SCALE = 1
seed = 42
parts = []
n = 20_000
i = 0
while i < n
  seed = (seed * 1103515245 + 12345) % 2147483648
  parts << %({"id":#{i},"name":"user #{seed % 9973}","email":"u#{seed}@example.com","score":#{(seed % 100000) / 100.0},) +
           %("active":#{seed.even?},"manager":null,"tags":["t#{seed % 7}","t#{seed % 11}","caf\\u00e9"],) +
           %("address":{"street":"#{seed % 500} Main St","city":"Springfield","zip":"#{10000 + seed % 89999}"},"history":[#{seed % 3},#{seed % 5},#{seed % 7},#{seed % 13}]})
  i += 1
end
doc = "[" + parts.join(",") + "]"
puts "bytes = #{doc.bytesize / 100_000 * 100_000}"
reps = 5 * SCALE
total = 0
reps.times do
  data = JSON.parse(doc)
  total += data.size + data[-1]["history"].sum
end
puts "total = #{total}"
puts "ops: #{reps}"
