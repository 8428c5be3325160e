data = [[1, [2, 3]], [4, [5, 6]]]
data.each { |a, (b, c)| p a + b + c }
p data.map { |a, (b, _)| a * b }
p({ x: [1, 2] }.map { |k, (a, b)| "#{k}#{a}#{b}" })
p [[1, 2, 3]].map { |a, *rest| rest }
p [[1, 2, 3]].map { |*init, last| init }
p [[1, { k: 2 }]].map { |n, h| h[:k] + n }
p [1, 2, 3].each_slice(2).map { |a, b| [a, b] }
p [[1, 2], [3, 4]].each_with_index.map { |(a, b), i| a * b + i }
p [[1, 2], [3, 4]].to_h { |a, b| [b, a] }
p [[:a, 1]].each_with_object([]) { |(k, v), acc| acc << k << v }
pr = proc { |(a, b), c| [a, b, c] }
p pr.call([1, 2], 3)
l = ->((a, b)) { a + b }
p l.call([4, 5])
p [[1, [2, [3]]]].map { |a, (b, (c))| [a, b, c] }
