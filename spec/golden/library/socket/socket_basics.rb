# require "socket": TCP, UNIX and UDP sockets between green threads over
# loopback (ports 0) and a temp dir; Addrinfo, Socket::Option, CRuby errors.
require 'socket'

server = TCPServer.new("127.0.0.1", 0)
port = server.addr[1]
p server.addr[0], server.addr[2], port > 0
p server.local_address.ip_address, server.local_address.ip_port == port

# echo server in a thread; clients in threads
acceptor = Thread.new do
  3.times.map do
    c = server.accept
    Thread.new(c) do |s|
      while (line = s.gets)
        s.write("echo: #{line}")
      end
      s.close
      :done
    end
  end.map(&:value)
end
clients = 3.times.map do |i|
  Thread.new do
    s = TCPSocket.new("127.0.0.1", port)
    out = []
    2.times do |j|
      s.puts "client #{i} line #{j}"
      out << s.gets
    end
    s.close_write
    p_eof = s.read
    s.close
    [out, p_eof]
  end
end
clients.each { |t| p t.value }
p acceptor.value

# peeraddr / remote_address
c = TCPSocket.new("127.0.0.1", port)
a = server.accept
p c.peeraddr[0], c.peeraddr[1] == port, c.peeraddr[2]
p a.remote_address.ip_port == c.addr[1]
p c.remote_address.inspect == "#<Addrinfo: 127.0.0.1:#{port} TCP>"
# send / recv / recv_nonblock
p c.recv_nonblock(10, exception: false)
begin
  c.recv_nonblock(10)
rescue IO::WaitReadable => e
  p e.class, e.message
end
a.send("hello", 0)
p c.recv(100)
a.write("abc")
p c.readpartial(100)
p IO.select([c], nil, nil, 0)
# options
p c.setsockopt(Socket::IPPROTO_TCP, Socket::TCP_NODELAY, 1)
p c.getsockopt(Socket::IPPROTO_TCP, Socket::TCP_NODELAY).bool
p c.getsockopt(:SOCKET, :KEEPALIVE).int
c.setsockopt(Socket::Option.bool(:INET, :SOCKET, :KEEPALIVE, true))
p c.getsockopt(:SOCKET, :KEEPALIVE).bool
p Socket::Option.int(:INET, :SOCKET, :KEEPALIVE, 1)
# shutdown: the peer sees EOF
c.shutdown(Socket::SHUT_WR)
p a.read
a.close
c.close
p c.closed?

# accept_nonblock
p server.accept_nonblock(exception: false)
begin
  server.accept_nonblock
rescue IO::WaitReadable => e
  p e.message
end
c2 = TCPSocket.new("127.0.0.1", port, connect_timeout: 5)
IO.select([server])
a2 = server.accept_nonblock
p a2.class
a2.close; c2.close

# errors
server2 = TCPServer.new("127.0.0.1", 0)
port2 = server2.addr[1]
begin
  TCPServer.new("127.0.0.1", port2)
rescue Errno::EADDRINUSE => e
  p e.class, e.message == "Address already in use - bind(2) for \"127.0.0.1\" port #{port2}"
end
server2.close
begin
  TCPSocket.new("127.0.0.1", port2)
rescue Errno::ECONNREFUSED => e
  p e.class, e.message == "Connection refused - connect(2) for \"127.0.0.1\" port #{port2}"
end
begin
  TCPSocket.new("no-such-host.invalid", 80)
rescue SocketError => e
  p :socket_error
end
# EPIPE: writing to a socket whose peer is gone
c3 = TCPSocket.new("127.0.0.1", port)
a3 = server.accept
a3.close
sleep 0.05
begin
  20.times { c3.write("x" * 65536) }
rescue Errno::EPIPE, Errno::ECONNRESET => e
  p :broken_pipe
end
c3.close
server.close

# Addrinfo
p Addrinfo.tcp("127.0.0.1", 80)
p Addrinfo.udp("127.0.0.1", 53)
p Addrinfo.tcp("::1", 80)
p Addrinfo.unix("/tmp/x.sock")
ai = Addrinfo.tcp("127.0.0.1", 8080)
p ai.ip_address, ai.ip_port, ai.ip?, ai.ipv4?, ai.ipv6?, ai.unix?, ai.ip_unpack
p ai.afamily == Socket::AF_INET, ai.socktype == Socket::SOCK_STREAM
p Addrinfo.getaddrinfo("127.0.0.1", 80, nil, :STREAM)
p Socket.getaddrinfo("127.0.0.1", 80, nil, :STREAM)
p Socket::AF_INET, Socket::SOCK_STREAM, Socket::Constants::SHUT_RDWR

# UNIX sockets in a temp dir
dir = "/tmp/sp_sock_#{Process.pid}"
Dir.mkdir(dir)
path = File.join(dir, "s")
us = UNIXServer.new(path)
t = Thread.new { s = us.accept; l = s.gets; s.puts l.upcase; s.close }
uc = UNIXSocket.new(path)
uc.puts "over unix"
p uc.gets
t.join
uc.close
us.close
File.delete(path)
Dir.rmdir(dir)
x, y = UNIXSocket.pair
x.write "pair"
p y.readpartial(10)
x.close
p y.read
y.close
s1, s2 = Socket.pair(:UNIX, :STREAM)
s2.send("sock pair", 0)
p s1.recv(20)
s1.close; s2.close

# UDP
u1 = UDPSocket.new
u1.bind("127.0.0.1", 0)
u2 = UDPSocket.new
u2.send("datagram", 0, "127.0.0.1", u1.addr[1])
msg, from = u1.recvfrom(100)
p msg, from[0], from[1] == u2.addr[1]
p u1.recvfrom_nonblock(10, exception: false)
u2.connect("127.0.0.1", u1.addr[1])
u2.send("connected", 0)
p u1.recv(100)
u1.close; u2.close

# Socket.tcp
srv = TCPServer.new("127.0.0.1", 0)
t = Thread.new { s = srv.accept; s.puts "hi from server"; s.close }
Socket.tcp("127.0.0.1", srv.addr[1], connect_timeout: 5) do |s|
  p s.class, s.gets
end
t.join
srv.close
