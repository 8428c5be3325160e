p [1, 2, 3].map { _1 * 10 }
p [[1, 2], [3, 4]].map { _1 + _2 }
p [[1, 2], [3, 4]].map { _1 }
p %w[a b].each_with_index.map { "#{_1}#{_2}" }
p [3, 1, 2].sort_by { -it }
p [1, 2].map { it.to_s * 2 }
p({a: 1}.map { "#{_1}=#{_2}" })
add = -> { _1 + _2 }
p add.(2, 3), add.arity
one = proc { it }
p one.call(9), one.arity
p [[1, [2, 3]]].map { _2 }
