# exit inside nested ensure: ensure clauses still run, at_exit runs, the
# status is the one given to exit; exit inside at_exit changes the status.
at_exit do
  puts "at_exit sees #{$!.class} status=#{$!.status}"
  exit 7
end

def inner
  exit 2
ensure
  puts "inner ensure"
end

begin
  inner
rescue StandardError
  puts "not rescued as StandardError"
ensure
  puts "outer ensure"
end
