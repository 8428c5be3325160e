# hashes of arrays, arrays of hashes, nested updates, dig, deep merge, group/aggregate
records = [
  {name: "ann", dept: "eng", salary: 120, skills: %w[ruby c]},
  {name: "bob", dept: "eng", salary: 100, skills: %w[go]},
  {name: "cy", dept: "ops", salary: 90, skills: %w[bash ruby]},
  {name: "dee", dept: "sales", salary: 80, skills: []},
  {name: "eve", dept: "ops", salary: 95, skills: %w[ruby]},
]
by_dept = records.group_by { |r| r[:dept] }
by_dept.each { |d, rs| puts "#{d}: #{rs.map { |r| r[:name] }.join(', ')}" }
p by_dept.transform_values { |rs| rs.sum { |r| r[:salary] } }
p by_dept.transform_values { |rs| (rs.sum { |r| r[:salary] }.to_f / rs.size).round(1) }
skills = Hash.new { |h, k| h[k] = [] }
records.each { |r| r[:skills].each { |s| skills[s] << r[:name] } }
p skills, skills.max_by { |_, v| v.size }
tree = {}
[%w[usr bin ruby], %w[usr lib libgc.so], %w[usr bin gcc], %w[etc hosts]].each do |parts|
  *dirs, file = parts
  node = dirs.inject(tree) { |t, d| t[d] ||= {} }
  node[file] = :file
end
p tree, tree.dig("usr", "bin").keys, tree.dig("usr", "nope", "x")
def deep_merge(a, b)
  a.merge(b) { |_, x, y| x.is_a?(Hash) && y.is_a?(Hash) ? deep_merge(x, y) : y }
end
p deep_merge({a: {b: 1, c: {d: 2}}, e: 1}, {a: {c: {f: 3}, g: 4}, e: 2})
def count_leaves(h) = h.sum { |_, v| v.is_a?(Hash) ? count_leaves(v) : 1 }
p count_leaves(tree)
inventory = Hash.new(0)
[[:apple, 3], [:pear, 2], [:apple, 5], [:kiwi, 1]].each { |item, n| inventory[item] += n }
p inventory, inventory.sort_by { |k, v| [-v, k] }.first, inventory.sum { |_, v| v }
matrix = {[0, 0] => 1, [1, 1] => 2}
p matrix[[1, 1]], matrix.fetch([2, 2], 0), matrix.keys.map(&:sum)
flat = {"a.b" => 1, "a.c" => 2, "d" => 3}
nested = flat.each_with_object({}) do |(k, v), acc|
  *path, last = k.split(".")
  path.inject(acc) { |h, p_| h[p_] ||= {} }[last] = v
end
p nested
