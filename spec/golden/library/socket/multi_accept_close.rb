# Four threads accept on one TCPServer (each waits on its own epoll
# registration); closing the server wakes all of them with IOError.
require 'socket'
server = TCPServer.new("127.0.0.1", 0)
port = server.addr[1]
got = Queue.new
acceptors = 4.times.map do |i|
  Thread.new do
    n = 0
    loop do
      s = server.accept
      got << s.gets
      s.close
      n += 1
    rescue IOError
      break
    end
    n
  end
end
sleep 0.1
20.times do |i|
  c = TCPSocket.new("127.0.0.1", port)
  c.puts "client #{i}"
  c.close
end
lines = Array.new(20) { got.pop }
p lines.sort_by { |l| l[/\d+/].to_i }.first(3), lines.size
server.close
p acceptors.map(&:value).sum
