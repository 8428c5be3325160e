# each_line with separators and chomp, paragraph mode, CRLF handling, line counting
text = "alpha\nbeta\r\ngamma\n\n\ndelta\nepsilon"
p text.lines, text.lines(chomp: true), text.each_line("").to_a, text.lines.count, text.count("\n")
p text.each_line.map(&:chomp).reject(&:empty?), text.split(/\r?\n/), text.split("\n", -1).size
p "a,b,c".each_line(",").to_a, "a,b,c".each_line(",", chomp: true).to_a, "no newline".lines
p "one\ntwo\n".each_line.with_index.map { |l, i| "#{i + 1}:#{l.chomp}" }, "x\n".chomp, "x\r\n".chomp, "x\r".chomp, "x\n\r".chomp
numbered = text.lines.map.with_index(1) { |l, n| format("%3d  %s", n, l.chomp) }
puts numbered
paragraphs = "p1 l1\np1 l2\n\np2 l1\n\n\np3\n".split(/\n{2,}/).map { |para| para.split("\n").join(" ") }
p paragraphs
longest = text.lines.map(&:chomp).max_by(&:length)
p longest, text.lines.map(&:chomp).map(&:length), text.bytesize, text.squeeze("\n")
