# File#flock(LOCK_EX) on a file locked elsewhere: the waiting thread shows
# as "sleep", Thread#kill reaches it, and it gets the lock once released.
require "tmpdir"
name = File.join(Dir.tmpdir, "spinel_flock_#{Process.pid}")
File.write(name, "")
f = File.open(name, "w")
f.flock(File::LOCK_EX)
running = false
t = Thread.new do
  File.open(name, "w") do |f2|
    puts "before"
    running = true
    f2.flock(File::LOCK_EX)
    puts "after"
  end
end
Thread.pass until running
Thread.pass while t.status && t.status != "sleep"
p t.status
t.kill
t.join
p t.status
t2 = Thread.new { File.open(name, "w") { |f2| f2.flock(File::LOCK_EX); :got } }
sleep 0.05
f.flock(File::LOCK_UN)
p t2.value
f.close
File.delete(name)
