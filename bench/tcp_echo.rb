# bench: io — TCP echo round trip between two threads over loopback: the
# client writes one line, the server thread echoes it, the client reads it.
# Every read parks the green thread on its socket (sysmon's epoll set).
# bench-workers: 1 2
# ops = round trips
require 'socket'
SCALE = 1
n = 20_000 * SCALE
server = TCPServer.new("127.0.0.1", 0)
t = Thread.new do
  s = server.accept
  while (line = s.gets)
    s.write(line)
  end
  s.close
end
c = TCPSocket.new("127.0.0.1", server.addr[1])
c.setsockopt(Socket::IPPROTO_TCP, Socket::TCP_NODELAY, 1)
i = 0
bytes = 0
t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
while i < n
  c.write("ping #{i}\n")
  bytes += c.gets.bytesize
  i += 1
end
t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
c.close
t.join
server.close
puts "round trips = #{n} bytes = #{bytes}"
puts "time: round trip #{((t1 - t0) / n * 1e6).round(1)} us"
puts "ops: #{n}"
