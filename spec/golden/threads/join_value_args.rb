# Thread.new with arguments, join, value
threads = (1..5).map { |i| Thread.new(i, i * 10) { |a, b| a + b } }
p threads.map(&:value)
t = Thread.new { :done }
p t.join.equal?(t), t.value, t.value
squares = 10.times.map { |i| Thread.new(i) { |n| n * n } }.map(&:value)
p squares, squares.sum
t2 = Thread.new("x") { |s| s * 3 }
t2.join
p t2.value
nested = Thread.new { Thread.new { 21 }.value * 2 }
p nested.value
p Thread.new { [1, 2, 3].map { |x| x + 1 } }.value
r = Thread.new { Thread.current.name = "worker"; Thread.current.name }.value
p r
lst = Thread.new(*[1, 2, 3]) { |*args| args.reverse }.value
p lst
