# Corpus: conditionals, heredoc_multi, heredoc
x = 15
puts "fizzbuzz" if x % 15 == 0
puts "not ten" unless x == 10
result = if x > 10 then "big" elsif x > 5 then "mid" else "small" end
puts result
msg = unless x.odd? then "even" else "odd" end
puts msg
puts (x > 10 && x < 20) ? "teen" : "no"
puts [1, nil, false, 0, ""].map { |v| v ? "t" : "f" }.join

def show(a, b) = puts(a + b)
show(<<~ONE, <<~TWO)
  first body
ONE
  second body
TWO
html = <<~HTML
  <ul>
  #{%w[a b].map { |i| "  <li>#{i}</li>" }.join("\n")}
  </ul>
HTML
puts html
q = <<~"QUOTED"
  quoted #{1 + 2}
QUOTED
puts q
x = [<<~A.upcase, "mid", <<~B.length]
  aa
A
  bbb
B
puts x.inspect

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
