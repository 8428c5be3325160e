# bench: single-thread — JSON.generate and pretty_generate of a ~4 MB
# document built in the program (Hashes, Arrays, Strings, Integers, Floats).
require 'json'
SCALE = 1
seed = 42
rows = []
n = 20_000
i = 0
while i < n
  seed = (seed * 1103515245 + 12345) % 2147483648
  rows << {"id" => i, "name" => "user #{seed % 9973}", "email" => "u#{seed}@example.com",
           "score" => (seed % 100000) / 100.0, "active" => seed.even?, "manager" => nil,
           "tags" => ["t#{seed % 7}", "t#{seed % 11}", "café \"quoted\"\n"],
           "address" => {"street" => "#{seed % 500} Main St", "city" => "Springfield", "zip" => 10000 + seed % 89999},
           "history" => [seed % 3, seed % 5, seed % 7, seed % 13]}
  i += 1
end
reps = 5 * SCALE
size = 0
reps.times do
  size += JSON.generate(rows).bytesize
  size += JSON.pretty_generate(rows).bytesize
end
puts "bytes = #{size}"
puts "ops: #{reps * 2}"
