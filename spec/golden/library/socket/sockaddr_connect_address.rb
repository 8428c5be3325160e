# golden: ruby31
# Socket.sockaddr_in/pack_sockaddr_in, Addrinfo.ip, BasicSocket#connect_address
# (the wildcard address replaced by loopback; SocketError when unbound).
require 'socket'
s = Socket.sockaddr_in(80, "127.0.0.1")
p s.encoding == Encoding::BINARY, s.bytesize, s[2, 2].unpack1("n"), s[4, 4].bytes
z = Socket.pack_sockaddr_in(0, "")
p z.bytesize, z[4, 4].bytes
a = Addrinfo.ip("127.0.0.1")
p a.ip_address, a.socktype, a.protocol, a.ip_port
srv = TCPServer.new("0.0.0.0", 0)
ca = srv.connect_address
p ca.ip_address, ca.ip_port == srv.local_address.ip_port
c = TCPSocket.new(ca.ip_address, ca.ip_port)
p c.connect_address.ip_address
c.close; srv.close
u = UDPSocket.new
begin; u.connect_address; rescue SocketError => e; p e.message; end
u.close
