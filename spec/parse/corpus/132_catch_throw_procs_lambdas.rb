# Corpus: catch_throw, procs_lambdas, heredoc_multi
r = catch(:found) do
  [[1, 2], [3, 4]].each do |row|
    row.each { |v| throw :found, v * 100 if v == 3 }
  end
  :none
end
puts r

square = ->(x) { x * x }
add = lambda { |a, b = 1| a + b }
shout = proc { |s| s.to_s.upcase }
compose = square >> ->(v) { v + 1 }
puts square.(4), add[2], add.call(2, 3), shout.call(:hi), compose.call(3)
def run_block
  yield 1, 2
end
puts run_block { |a, b| a + b }
counter = 0
inc = proc { counter += 1 }
3.times(&inc)
puts counter

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
