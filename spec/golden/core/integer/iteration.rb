# Integer iteration helpers and block returns
3.times { |i| print i, " " }
puts
1.upto(4) { |i| print i }
puts
4.downto(1) { |i| print i }
puts
0.step(20, 5) { |i| print i, "," }
puts
10.step(1, -4) { |i| print i, ";" }
puts
1.0.step(2.0, 0.25) { |f| print f, " " }
puts
p 5.times.map { |i| i * i }
p 5.times.select(&:even?)
p 3.times.sum
total = 0
1.upto(100) { |i| total += i }
p total
r = 10.times { |i| break i if i == 4 }
p r
r = 3.times { }
p r
p 4.times.each_slice(2).to_a
p Array.new(3) { |i| i * 10 }
