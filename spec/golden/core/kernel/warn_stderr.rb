# warn and $stderr go to stderr; stdout and stderr are separate streams
puts "out 1"
warn "warning one"
$stderr.puts "err puts"
STDERR.print "err print\n"
warn "multi", "line"
puts "out 2"
$stderr.write("written\n")
warn
x = warn("returns nil")
p x
