# The deadlock error is a `fatal`, which is an Exception: rescuing Exception
# catches it; the message starts with "No live threads left. Deadlock?"
q = Queue.new
t = Thread.new { q.pop }
begin
  t.join
rescue Exception => e
  puts e.class
  puts e.message.lines.first.chomp
end
puts t.alive?
q << :unblock
puts t.value
puts "still running"
