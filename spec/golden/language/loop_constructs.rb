n = 0
loop do
  n += 1
  break if n >= 5
end
p n
p (loop do break 42 end)
x = [3, 1, 2].each_with_index.to_a
p x
res = []
5.downto(1) { |i| res << i }
p res
1.step(2, 0.5) { |f| print f, " " }
puts
10.step(1, -3) { |i| print i, " " }
puts
3.times.each_with_object([]) { |i, a| a << i }.then { p _1 }
p (1..4).each_with_object([]) { |i, a| a.unshift(i) }
i = 0
i += 1 until i == 7
p i
arr = [1, 2, 3]
while (v = arr.shift)
  print v
end
puts
j = 0
j += 1 while j < 10
p j
outer_done = false
until outer_done
  outer_done = true
end
p outer_done
k = 0
begin
  k += 1
end until k > 2
p k
p [1, 2, 3].cycle.first(7)
enum = [10, 20].each
loop do
  p enum.next
end
p :after_loop
