r = [1, 2, 3, 4].each do |x|
  break x * 10 if x == 3
end
p r
r = [1, 2, 3].map { |x| next 0 if x == 2; x }
p r
p [1, 2, 3, 4].find { |x| x > 2 }
res = (1..Float::INFINITY).each { |i| break i if i * i > 50 }
p res
i = 0
r = while i < 10
  i += 1
  next if i.odd?
  break i * 100 if i == 6
end
p r
p (while false do end)
i = 0
until i >= 3
  i += 1
end
p i
i = 0
begin
  i += 1
end while i < 5
p i
i = 10
begin
  i += 1
end until true
p i
n = 0
loop do
  n += 1
  next if n < 3
  break
end
p n
p loop { break :val }
tries = 0
[1, 2].each do |x|
  tries += 1
  redo if tries == 1
end
p tries
def first_even(xs)
  xs.each { |x| return x if x.even? }
  nil
end
p first_even([1, 3, 4, 5, 6])
outer = [1, 2, 3].each do |a|
  [10, 20].each do |b|
    break if b == 20
    print a * b, " "
  end
end
puts
p outer
sum = 0
1.step(10, 3) { |x| sum += x }
p sum
e = [1, 2, 3].each
p e.next, e.next, e.next
begin
  e.next
rescue StopIteration
  puts "stop"
end
p loop { raise StopIteration, "done" }
x = [1, 2, 3].each_with_index do |v, idx|
  break [v, idx] if v == 2
end
p x
p 5.times.map { |t| t * t }
p 1.upto(4).select(&:even?)
p 3.downto(1).to_a
