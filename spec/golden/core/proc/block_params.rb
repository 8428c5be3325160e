# block parameter forms: destructuring, splats, defaults, keywords, numbered params, it
pairs = [[1, [2, 3]], [4, [5, 6]]]
p pairs.map { |a, (b, c)| a + b + c }, pairs.map { |a, *rest| rest }, pairs.map { |*all| all.size }
p [[1, 2, 3]].map { |a, b| [a, b] }, [[1, 2, 3]].map { |a, *b| b }, [[1, 2]].map { |a, b, c| c }
p [1, 2].map { |a, b = :dflt| [a, b] }, [[1, 2]].each_with_index.map { |(a, b), i| a + b + i }
p({a: 1, b: 2}.map { |k, v| "#{k}#{v}" }, {a: 1}.map { |pair| pair }, {a: 1}.map { |*args| args })
p [1, 2, 3].map { _1 * 2 }, [[1, 2]].map { _1 + _2 }, [[1, 2]].map { _1 }, [3, 4].map { it + 1 }
def kw_yield = yield(1, k: 2)
p kw_yield { |a, k:| [a, k] }, kw_yield { |a, **kw| kw }, kw_yield { |*a| a }
pr = proc { |a, b| [a, b] }
la = lambda { |a, b| [a, b] }
p pr.call(1), pr.call(1, 2, 3), pr.call([4, 5]), pr.(6, 7), pr.yield([8, 9])
begin
  la.call([1, 2])
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
p la.call(1, 2), proc { |a| a }.call(1, 2), proc { |*a| a }.call([1, 2]), lambda { |*a| a }.call([1, 2])
def blk_info(&b) = [b.arity, b.lambda?, b.parameters]
p blk_info { |x, y| }, blk_info { |*x| }, blk_info { |x, y = 1, *z, k:, **o, &bl| }, blk_info { _1 + _2 }
nested = [[1, [2, [3, 4]]]]
p nested.map { |a, (b, (c, d))| [a, b, c, d] }
h = {x: [1, 2], y: [3, 4]}
p h.map { |k, (first, second)| "#{k}:#{first + second}" }, h.sum { |_, (a, b)| a * b }
