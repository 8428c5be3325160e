# puts/print/p/printf/format semantics
puts [1, [2, [3]]], nil, [], "no newline twice\n"
puts
print "a", "b", 1, nil, "\n"
x = p
y = p 1
z = p 1, 2
p x, y, z
pp({a: 1})
printf("%d-%s\n", 5, "five")
$stdout.puts "stdout puts"
STDOUT.print "STDOUT print\n"
$stdout.write("written\n")
$stdout << "shifted" << "\n"
puts format("%-6s|%6s|%06.2f|%+d|%x|%o|%b|%e|%c|%%", "ab", "cd", 3.14159, 7, 255, 8, 5, 1234.5, 65)
puts format("%<a>s and %{b}", a: "A", b: "B"), format("%3$s %1$s %2$s", "a", "b", "c"), format("%*d|%-*d|", 5, 1, 4, 2)
puts "%.3s|%5.1s|" % ["abcdef", "xyz"], "%s" % nil.inspect, "%p %p" % [nil, "s"]
puts 1.0, 100.0, 1e100, 2**70, :sym, 1..3, nil.to_a.inspect
