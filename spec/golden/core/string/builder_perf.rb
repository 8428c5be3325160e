# building large strings: << in a loop, join, *, format in a loop; results checked by size and digest-like sums
s = +""
100_000.times { |i| s << (i % 10).to_s }
p s.size, s[0, 12], s[-5..], s.count("7"), s.sum
parts = (1..20_000).map { |i| "item#{i}" }
joined = parts.join(",")
p joined.size, joined[0, 20], joined.split(",").size, joined.scan(/item1\d*,/).size
big = "ab" * 50_000
p big.size, big.count("a"), big.index("ba"), big.reverse[0, 4], big.tr("ab", "xy")[0, 4]
lines = Array.new(5000) { |i| format("%05d|%-8s|%8.3f", i, "n#{i % 97}", i / 7.0) }
text = lines.join("\n")
p text.size, text.lines.size, lines[1234], text.sum % 65_536
words = text.scan(/n\d+/)
p words.size, words.tally.size, words.tally.max_by { |w, c| [c, w] }
acc = +""
1000.times { |i| acc.insert(0, (i % 26 + 97).chr) if i.even? }
p acc.size, acc[0, 10], acc.squeeze.size
