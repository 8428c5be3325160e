# while/until/loop/for with break, next, redo-free control flow and values
i = 0
while i < 10
  i += 1
  next if i.odd?
  break if i > 6
  print i, " "
end
puts
j = 10
j -= 3 until j < 0
p j
r = while false do end
p r
v = [1, 2, 3, 4].each do |x|
  break x * 100 if x == 3
end
p v
sum = 0
for k in 1..5
  next if k == 3
  sum += k
end
p sum, k
for a, b in [[1, 2], [3, 4]]
  print a + b, " "
end
puts
out = []
(1..3).each do |x|
  (1..3).each do |y|
    next if x == y
    out << [x, y]
  end
end
p out.size
res = [1, 2, 3].map { |x| next 0 if x == 2; x * 10 }
p res
n = 0
begin
  n += 1
end while n < 3
p n
m = 0
m += 1 while m < 5
p m
found = nil
[[1, 2], [3, 4], [5, 6]].each do |row|
  row.each do |c|
    if c == 4
      found = c
      break
    end
  end
  break if found
end
p found
p (1..Float::INFINITY).each { |q| break q if q * q > 50 }
p loop { break }, [1, 2].each { }, 3.times { }
