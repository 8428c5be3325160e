# at_exit handlers run in reverse order before the uncaught exception is
# reported; ensure clauses run while the exception propagates.
class JobError < StandardError; end

at_exit { puts "first registered, runs last" }
at_exit do
  puts "second registered, runs first"
  puts "error seen: #{$!.class}: #{$!.message}"
end

def work
  puts "working"
  raise JobError, "wrong kind"
ensure
  puts "ensure in work"
end

begin
  work
ensure
  puts "ensure at top"
end
puts "not reached"
