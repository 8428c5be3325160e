result = (1..20)
  .select(&:even?)
  .map { |x| x * x }
  .reject { |x| x % 3 == 0 }
  .each_slice(2)
  .map(&:sum)
p result
words = %w[banana Apple cherry apple Banana date]
p words.map(&:downcase).uniq.sort_by { |w| [-w.size, w] }
p words.group_by(&:size).transform_values(&:count).sort.to_h
p words.each_with_object(Hash.new { |h, k| h[k] = [] }) { |w, h| h[w[0].downcase] << w }
p words.sum("") { _1[0] }
p words.min_by(2, &:size), words.max(2)
p words.inject { |a, b| a.size >= b.size ? a : b }
p (1..4).flat_map { |i| [i] * i }.chunk_while { _1 == _2 }.map(&:size)
p [1, 2, 3].zip([4, 5, 6], [7, 8, 9]).map(&:sum)
p [5, 3, 9].each_with_index.max_by(&:first).last
p %w[x y z].each.with_index(1).to_a
p [1, 2, 3, 4].each_cons(2).map { |a, b| b - a }.uniq
tapped = []
v = [1, 2].tap { |a| tapped << a.size }.map { _1 + 1 }.then { |a| a.sum }
p v, tapped
