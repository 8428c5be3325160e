# less common Hash methods: filter_map, sum, min_by, find, each_with_index, any?/all?/none?, count, reduce,
# select!/reject!/compact!/transform_values!/transform_keys!, default procs, to_a sorting, Hash#<= subsets
h = {a: 3, b: 1, c: 2, d: nil}
p h.filter_map { |k, v| k if v && v > 1 }, h.compact.sum { |_, v| v }, h.compact.min_by(&:last), h.find { |_, v| v.nil? }
p h.each_with_index.map { |(k, v), i| "#{i}#{k}" }, h.any? { |_, v| v.nil? }, h.all? { |k, _| k.is_a?(Symbol) }, h.none?, h.count { |_, v| v }
p h.compact.reduce(0) { |acc, (_, v)| acc + v }, h.compact.sort_by { |_, v| v }, h.compact.to_a.flatten
g = h.dup
p g.compact!, g.compact!, g.select! { |_, v| v > 1 }, g.reject! { |k, _| k == :a }, g, g.transform_values!(&:to_s), g.transform_keys!(&:to_s), g
p({a: 1} <= {a: 1, b: 2}, {a: 1, b: 2} > {a: 1}, {a: 2} <= {a: 1, b: 2}, {} < {a: 1})
p h.key?(:d), h[:d], h.fetch(:d, :dflt), h.dig(:a), h.to_a.assoc(:c), h.filter_map { |k, v| [k, v] if v }.to_h
p h.sum { |k, v| v.to_i }, h.keys.zip(h.values).first(2), h.values.compact.max, h.max_by { |_, v| v.to_i }.first
words = %w[apple banana avocado cherry blueberry cranberry]
index = words.group_by { _1[0] }
p index, index.transform_values(&:count), index.max_by { |_, v| v.size }.first, index.sum { |_, v| v.size }
freq = words.join.chars.tally
p freq.select { |_, c| c >= 5 }.sort.to_h, freq.sort_by { |c, n| [-n, c] }.first(3), freq.values.sum == words.join.size
counter = Hash.new { |hh, k| hh[k] = k.length }
p counter["four"], counter.keys, counter.fetch("xyz", 0), counter.size
p Hash.new { |_, k| k * 2 }.then { |d| [d[2], d.size] }, Hash.new(7).default, Hash.new.default_proc
p h.each_pair.to_a.size, h.each_entry.to_a.size, h.sort_by { |k, _| k.to_s }.reverse.to_h.keys, h.length
