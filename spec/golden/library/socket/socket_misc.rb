# golden: ruby31
# The socket and signal corners the other goldens leave out: listen,
# close_read / close_write with the errors that follow, trap with
# "SYSTEM_DEFAULT", and a File#flock that waits for another process's
# lock inside a blocking region: at SPINEL_WORKERS=1 another thread keeps
# running meanwhile.  Ports 0, loopback only.  Expected output from ruby 3.1.
require "socket"
require "tmpdir"

server = TCPServer.new("127.0.0.1", 0)
puts server.listen(16)
port = server.addr[1]
c = TCPSocket.new("127.0.0.1", port)
s = server.accept
c.close_write
puts s.read.inspect            # EOF: the peer closed its write side
s.write("after")
s.close_write
puts c.read
begin
  c.write("x")
rescue IOError => e
  puts e.class, e.message
end
s.close_read
begin
  s.read
rescue IOError => e
  puts e.class, e.message
end
c.close
s.close
server.close

old = trap("USR1", "SYSTEM_DEFAULT")
puts old.inspect
puts trap("USR1", "DEFAULT").inspect

path = File.join(Dir.tmpdir, "spinel_flock_#{$$}")
File.write(path, "")
rd, wr = IO.pipe
pid = fork do
  rd.close
  File.open(path) do |f|
    f.flock(File::LOCK_EX)
    wr.puts "locked"
    wr.close
    sleep 0.3
  end
end
wr.close
rd.gets
ticks = 0
ticker = Thread.new { loop { ticks += 1; sleep 0.005 } }
File.open(path) do |f|
  t0 = ticks
  puts f.flock(File::LOCK_EX)
  puts ticks - t0 > 5
  puts f.flock(File::LOCK_UN)
end
Process.wait(pid)
ticker.kill
File.delete(path)
puts "done"
