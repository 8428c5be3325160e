$counter = 0
def bump = $counter += 1
3.times { bump }
p $counter
p $undefined_global
p defined?($counter), defined?($nope)
$stdout.puts "to stdout"
STDOUT.print "print\n"
$stdout.write("written\n")
$stderr.puts "to stderr"
p $PROGRAM_NAME.nil?
"abc" =~ /b(c)/
p $~[0], $1, $`, $'
p "xyz" =~ /q/, $~
$, = nil
p [1, 2].join
$; = nil
p $stdout.class, $stdout == STDOUT
