# A thread opening a FIFO with no writer blocks in open(2): the call runs in
# a blocking region, so the other threads keep running (also at
# SPINEL_WORKERS=1: sysmon hands the queue to another OS thread).
dir = "/tmp/sp_fifo_#{Process.pid}"
Dir.mkdir(dir)
path = File.join(dir, "f")
system("mkfifo", path) or raise "mkfifo failed"
ticks = 0
reader = Thread.new { File.read(path) }
counter = Thread.new { 20.times { ticks += 1; sleep 0.01 } }
counter.join
puts "ticks while the reader waits: #{ticks}"
puts "reader alive: #{reader.alive?}"
writer = Thread.new { File.open(path, "w") { |f| f.write("hello fifo\n") } }
writer.join
puts "reader got: #{reader.value.inspect}"
File.delete(path)
Dir.rmdir(dir)
