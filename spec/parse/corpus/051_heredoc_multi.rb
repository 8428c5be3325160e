# Corpus: heredoc multi
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
