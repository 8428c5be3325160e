# at_exit handlers run in reverse order, exit code propagates
at_exit { puts "first registered, runs last" }
at_exit { puts "second registered, runs first" }
puts "main body"
$stdout.flush
exit 3
