at_exit { puts "should not run for exit!" }
puts "start"
$stdout.flush
exit!(5)
