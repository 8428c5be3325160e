# Mutex misuse errors (messages are identical in 3.1 and 3.4)
m = Mutex.new
begin
  m.unlock
rescue ThreadError => e
  puts "ThreadError: #{e.message}"
end
m.lock
begin
  m.lock
rescue ThreadError => e
  puts "ThreadError: #{e.message}"
end
t = Thread.new do
  begin
    m.unlock
  rescue ThreadError => e
    "in thread: #{e.message}"
  end
end
puts t.value
m.unlock
p m.locked?
holder = Thread.new { m.lock; Thread.stop; m.unlock; :released }
Thread.pass until holder.stop?
p m.locked?, m.owned?, m.try_lock
holder.run
p holder.value, m.try_lock, m.owned?
m.unlock
