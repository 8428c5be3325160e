# iteration, transform_*, select/reject/filter_map, sort_by, group_by, min_by
scores = {"alice" => 82, "bob" => 95, "carol" => 67, "dave" => 95, "eve" => 74}
scores.each { |name, s| puts "#{name}: #{s}" }
scores.each_pair { |k, v| print k[0], v, " " }
puts
scores.each_with_index { |(k, v), i| print i, k, " " }
puts
p scores.map { |k, v| [k.upcase, v + 1] }.to_h, scores.to_h { |k, v| [v, k] }
p scores.select { |_, v| v > 80 }, scores.reject { |_, v| v > 80 }, scores.filter_map { |k, v| k if v.odd? }
p scores.sort_by { |k, v| [-v, k] }, scores.sort_by { |k, v| [-v, k] }.to_h.keys, scores.min_by { |_, v| v }, scores.max_by(2) { |k, v| [v, k] }
p scores.sum { |_, v| v }, scores.values.sum.fdiv(scores.size).round(2), scores.count { |_, v| v >= 80 }
p scores.group_by { |_, v| v / 10 * 10 }, scores.partition { |_, v| v > 75 }.map(&:to_h)
p scores.transform_values { |v| v * 2 }, scores.transform_keys(&:to_sym), scores.transform_keys { |k| k[0] }
p scores.each_with_object({}) { |(k, v), acc| (acc[v] ||= []) << k }
p scores.invert, scores.key(95), scores.rassoc(67), scores.assoc("bob"), scores.sort.first, scores.min_by(2) { |k, v| [v, k] }.to_h
p scores.find { |_, v| v < 70 }, scores.all? { |_, v| v > 60 }, scores.any? { |k, _| k.start_with?("z") }
p scores.inject(0) { |acc, (k, v)| acc + k.size * v }, scores.each_slice(2).map(&:to_h)
p scores.keys.zip(scores.values).first, scores.entries.length, scores.min_by(&:last).first
p scores.filter { |k, _| k.size == 3 }, scores.find_all { |_, v| v == 95 }.map(&:first)
p scores.each_key.to_a, scores.each_value.map { |v| v % 10 }, scores.to_a.transpose.last
p scores.transform_keys({"alice" => "ALICE"}), scores.slice("bob", "eve", "zed"), scores.except("bob")
p scores.tally rescue p scores.map { |_, v| v }.tally
p scores.group_by { |_, v| v }.transform_values { |pairs| pairs.map(&:first) }
