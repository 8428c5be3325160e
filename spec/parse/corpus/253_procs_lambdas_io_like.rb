# Corpus: procs_lambdas, io_like, find_pattern
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

require 'stringio'
io = StringIO.new
io.puts "line one"
io.print "a", "b", "\n"
io << "appended\n"
io.printf("%d items\n", 3)
puts io.string.lines.map(&:chomp).inspect
$stdout.write("direct\n")
STDOUT.puts "const stdout"
$stderr.class
warn "to stderr" if false

case [1, 42, "x", :sym, 7]
in [*, String => s, Symbol => y, *post]
  puts "found #{s} #{y} #{post}"
end
val = 5
case 5
in ^val then puts "pinned"
end
case {status: "ok", items: [1, 2]}
in {status: "ok" | "done", items: [_, *] => items}
  puts items.size
end
arr_pat = [1, [2, 3]]
case arr_pat
in [Integer => a, [b, *c]]
  puts a + b + c.sum
end
