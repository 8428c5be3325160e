# building arrays: literals, ranges, splat, Array(), new with blocks, step, each_with_object, zip
p [*1..5], [*"a".."e"], [*1..3, *[4, 5]], [1, *nil, 2], [*[1, 2], *3..4]
p Array.new(3) { |i| i * i }, (1..10).step(3).to_a, 1.step(2, 0.5).to_a, 10.downto(7).to_a
p %w[x y z], %i[a b], %w[a\ b c], %W[#{1 + 1} x]
p (1..4).each_with_object([]) { |i, acc| acc.unshift(i) }, (1..3).zip(4..6, 7..9)
p Array.new(2, 0).push(*[1, 2]), [0] * 3 + [1], [1, 2, 3].each_with_index.map { |x, i| x * i }
first, *middle, last = [1, 2, 3, 4, 5]
p first, middle, last
x, (y, z) = 1, [2, 3]
p [x, y, z]
*init, tail = "abc".chars
p init, tail
h, = [9, 8]
p h
p [1, 2, 3].then { |q, r| [q, r] }, Array.new(0), [nil] * 2, [[]] * 2
p (1..3).map { [_1, _1 * 2] }.to_h, [[1, :a]].each_with_object({}) { |(n, s), acc| acc[s] = n }
