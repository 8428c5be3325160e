# exit(false), ensure blocks on exit, SystemExit status; at_exit sees $!
at_exit { puts "at_exit: #{$!.class} status=#{$!.status}" }
begin
  puts "body"
  exit(false)
ensure
  puts "ensure runs on exit"
end
