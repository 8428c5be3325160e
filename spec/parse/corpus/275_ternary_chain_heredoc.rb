# Corpus: ternary_chain, heredoc
def grade(score) = score >= 90 ? "A" : score >= 80 ? "B" : score >= 70 ? "C" : "F"
puts [95, 85, 72, 10].map { grade(_1) }.join
x = 5
puts x > 3 ? (x.even? ? "big even" : "big odd") : "small"

name = "world"
text = <<~EOS
  Hello, #{name}!
    indented line
  last line
EOS
raw = <<-'RAW'
    no #{interp} here\n
    RAW
puts text, raw
puts(<<~A + <<~B)
  first
A
  second
B
sql = <<~SQL.strip.tr("\n", " ")
  SELECT *
  FROM t
SQL
puts sql
