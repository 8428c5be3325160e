# STDIN.read and readlines
all = STDIN.read
p all.length
p all.lines.size
words = all.split
p words.tally.sort_by { |w, c| [-c, w] }.first(3)
p all.count("a")
