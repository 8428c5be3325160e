at_exit { puts "at_exit 1" }
at_exit { puts "at_exit 2" }
puts "main"
begin
  exit 3
rescue SystemExit => e
  puts "caught exit #{e.status} #{e.success?}"
end
begin
  exit
rescue SystemExit => e
  puts "caught exit #{e.status} #{e.success?}"
end
$stdout.flush
exit 4
puts "never"
