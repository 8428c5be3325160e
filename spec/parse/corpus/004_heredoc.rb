# Corpus: heredoc
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
