# Corpus: ternary chain
def grade(score) = score >= 90 ? "A" : score >= 80 ? "B" : score >= 70 ? "C" : "F"
puts [95, 85, 72, 10].map { grade(_1) }.join
x = 5
puts x > 3 ? (x.even? ? "big even" : "big odd") : "small"
