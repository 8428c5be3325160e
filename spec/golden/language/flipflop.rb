# flip-flops: state per method invocation, 2-dot tests the end at once
a = (1..10).select { |i| true if (i == 3)..(i == 5) }
p a
b = (1..10).select { |i| true if (i == 3)...(i == 3) }
p b
c = (1..10).select { |i| true if (i == 3)..(i == 3) }
p c
def m(xs)
  xs.map { |x| ((x % 5 == 0)..(x % 5 == 2)) ? x : nil }.compact
end
p m((0..12).to_a)
p m([1, 5, 6])
p m([6, 7])
r = []
10.times { |i| r << i if (i == 2)...(i.odd?) }
p r
x = 0
while x < 10
  x += 1
  print x, " " if x == 3 .. x == 6
end
puts
p((1..6).select { |i| true unless (i == 2)..(i == 4) })
