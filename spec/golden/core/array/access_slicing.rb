# Array element access and slicing
a = [10, 20, 30, 40, 50]
p a[0], a[-1], a[5], a[-6], a.first, a.last, a.first(2), a.last(3), a.at(2)
p a[1, 2], a[1..3], a[1...3], a[3..], a[..1], a[-2..], a[5, 1], a[6, 1], a[2..1], a[5..]
p a.values_at(0, 2, 10), a.fetch(1), a.fetch(10, :dflt), a.fetch(-10) { |i| i * 2 }, a.dig(0)
begin
  a.fetch(10)
rescue IndexError => e
  puts "#{e.class}: #{e.message}"
end
p a.take(2), a.drop(3), a.take_while { |x| x < 30 }, a.drop_while { |x| x < 30 }
p a.slice(1, 2), a.sample.class, a.minmax, a.sum, a.length, a.count(20), a.count { |x| x > 20 }
b = a.dup
b[1] = :x
b[7] = :far
p b
b[0, 2] = [1, 2, 3]
p b
b[1..2] = []
p b
b[-1] = :end
p b
p [[1, [2, 3]]].dig(0, 1, 0), [1, 2, 3].index(2), [1, 2, 3, 2].rindex(2), [1, 2, 3].find_index { |x| x > 1 }
p a.include?(30), a.member?(31), a.empty?, [].empty?, [].first, [].last(2), [].sum, [].max
p Array.new(3), Array.new(2, "x"), Array.new(3) { |i| i ** 2 }, Array(nil), [1, 2, 3].to_a, %w[a b c], %i[x y]
p a.each_slice(2).to_a, a.each_cons(2).to_a.length, a.each_with_index.to_a.last
p a.rotate, a.rotate(-1), a.reverse, a.shuffle(random: Random.new(1)).length
