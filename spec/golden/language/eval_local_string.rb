# eval of a local assigned once from a string known at compile time (and
# read only by evals) is compiled like eval of the literal.
def t
  yield
  puts "ok"
rescue SyntaxError => e
  puts e.message[/Invalid \w+/]
end
code = <<~RUBY
  1.times { yield }
RUBY
t { eval(code) }
code2 = "1 + 2"
p eval(code2)
def m
  src = "[1, 2].map { |x| x * 3 }"
  eval(src)
end
p m
c3 = "4"
code3 = <<~RUBY
  module EvalLocalMod
    break
  end
RUBY
t { eval(code3) }
