# Corpus: symbols_to_proc, each_cons_zip, conditionals, then_tap
names = %i[alice bob carol]
puts names.map(&:to_s).map(&:capitalize).inspect
puts names.each_with_object({}) { |n, h| h[n] = n.length }.inspect
puts %I[a#{1} b].inspect, :"quoted sym".inspect, :a <=> :b

nums = [3, 1, 4, 1, 5, 9, 2, 6]
puts nums.each_cons(3).map { |a, b, c| a + b + c }.max
puts nums.zip(nums.rotate).map { |a, b| a - b }.inspect
puts nums.group_by(&:odd?).inspect
puts nums.chunk_while { |a, b| b == a + 1 }.to_a.inspect
puts nums.tally.select { |_, c| c > 1 }.keys.inspect
puts nums.minmax.inspect, nums.sum.fdiv(nums.size)

x = 15
puts "fizzbuzz" if x % 15 == 0
puts "not ten" unless x == 10
result = if x > 10 then "big" elsif x > 5 then "mid" else "small" end
puts result
msg = unless x.odd? then "even" else "odd" end
puts msg
puts (x > 10 && x < 20) ? "teen" : "no"
puts [1, nil, false, 0, ""].map { |v| v ? "t" : "f" }.join

puts 5.then { _1 * 3 }
v = [3, 1, 2].tap { |a| puts "before sort #{a.size}" }.sort
puts v.inspect
puts 10.clamp(1, 5), 4.between?(1, 5), 7.pred.succ
