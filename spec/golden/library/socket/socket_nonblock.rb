# golden: ruby31
# Socket#connect_nonblock, #accept_nonblock, #sysaccept, #recvfrom and
# #recvfrom_nonblock; Addrinfo#listen and #connect.
require 'socket'
l = Addrinfo.tcp("127.0.0.1", 0).listen
port = l.local_address.ip_port
p l.accept_nonblock(exception: false)
begin
  l.accept_nonblock
rescue IO::WaitReadable => e
  p e.class
end
c = Socket.new(:INET, :STREAM)
begin
  c.connect_nonblock(Socket.sockaddr_in(port, "127.0.0.1"))
  puts "connected at once"
rescue IO::WaitWritable => e
  p e.class, e.is_a?(Errno::EINPROGRESS)
  IO.select(nil, [c])
  p c.connect_nonblock(Socket.sockaddr_in(port, "127.0.0.1"), exception: false)
end
s, ai = l.accept
p s.class, ai.ip_address
c.write "hello"
data, from = s.recvfrom(10)
p data, from
c2 = Addrinfo.tcp("127.0.0.1", port).connect
fd, ai2 = l.sysaccept
p fd.class, ai2.ip_port == c2.local_address.ip_port
IO.for_fd(fd).close rescue Socket.for_fd(fd).close
c.close
u = Addrinfo.udp("127.0.0.1", 0).bind
p u.recvfrom_nonblock(10, exception: false)
v = Socket.new(:INET, :DGRAM)
v.send("dg", 0, u.local_address)
IO.select([u])
msg, sender = u.recvfrom_nonblock(10)
p msg, sender.ip_port == v.local_address.ip_port, sender.socktype == Socket::SOCK_DGRAM
[s, c2, l, u, v].each(&:close)
