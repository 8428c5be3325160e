for i in 1..3
  print i, " "
end
puts
p i
for a, b in [[1, 2], [3, 4]]
  p [a, b]
end
p [a, b]
for x in [10, 20, 30]
  next if x == 20
  puts x
end
r = for y in [1, 2, 3]
  break y * 100 if y == 2
end
p r
sum = 0
for k in 1...5 do sum += k end
p sum
for key, val in {one: 1, two: 2}
  puts "#{key}=#{val}"
end
acc = []
for q in [1, 2]
  [10, 20].each { |z| acc << q * z }
end
p acc
p q
procs = []
for j in 1..3
  procs << -> { j }
end
p procs.map(&:call)
for e in []
end
p e
