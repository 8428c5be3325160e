# break and next in iterator blocks compiled in place (the second call of t runs the inline loops)
def t
  a = [1, 2, 3, 4]
  p(a.map { |v| next 0 if v == 2; v })
  p(a.select { |v| next true if v == 1; v > 3 })
  p(a.each_with_index { |v, i| break v * 100 if i == 1 })
  p(10.times { |i| break i if i == 4 })
  p(1.upto(5) { |i| next if i.odd?; print i })
  p(a.each { |v| break })
  x = a.map do |v|
    next v * 2 if v.even?
    y = v + 1
    break [:early, y] if v > 2
    y
  end
  p x
  s = 0
  5.times { |i| next if i == 2; s += i }
  p s
end
t
t
