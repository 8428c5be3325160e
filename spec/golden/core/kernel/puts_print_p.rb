# puts / print / p / pp with various arguments
puts "hello"
puts "a", "b"
puts ["x", ["y", ["z"]]]
puts []
puts nil
puts 1, 2.5, :sym
puts "ends with newline\n"
puts
print "no newline"
print "\n"
print "a", "b", 1, nil, "\n"
p 1
p "str"
p :sym
p nil, true
x = p
p x
r = p 1, 2
p r
r = p "solo"
p r
p [1, "two", :three, 4.0, nil]
p({a: 1, "k" => 2, 3 => [4]})
pp [1, 2]
pp({x: {y: 1}})
$stdout.puts "stdout puts"
STDOUT.print "STDOUT print\n"
$stdout.write("written", " twice", "\n")
n = $stdout.write("abc\n")
p n
$stdout << "chained " << 42 << "\n"
puts "tab\tsep"
p "tab\tsep\e\x01\u00e9"
