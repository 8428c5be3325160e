# Corpus: percent_literals, numbered_params
puts %w[one two three].length, %i[a b].inspect, %q(single 'quoted' #{x}), %Q(double "#{1 + 1}")
puts %(parens (nested) ok), %w{braces {nested}}.inspect, %r[\d+/\d+].match("10/20")[0]
puts %s(sym).inspect, %w[a\ b c].inspect
puts %W[#{1}x y#{2}].inspect

puts [1, 2, 3].map { _1 * 10 }.inspect
puts({a: 1, b: 2}.map { "#{_1}=#{_2}" }.join("&"))
puts [[1, 2], [3, 4]].map { _1 + _2 }.inspect
puts %w[x yy zzz].sum { _1.size }
