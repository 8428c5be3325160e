# Corpus: numbered params
puts [1, 2, 3].map { _1 * 10 }.inspect
puts({a: 1, b: 2}.map { "#{_1}=#{_2}" }.join("&"))
puts [[1, 2], [3, 4]].map { _1 + _2 }.inspect
puts %w[x yy zzz].sum { _1.size }
