# golden: ruby31
# BasicSocket#getsockname / #getpeername: packed BINARY addresses, Errno when
# there is no peer.
require 'socket'
srv = TCPServer.new("127.0.0.1", 0)
n = srv.getsockname
p n.encoding == Encoding::BINARY, n.bytesize, n[4, 4].bytes, n[2, 2].unpack1("n") == srv.local_address.ip_port
c = TCPSocket.new("127.0.0.1", srv.local_address.ip_port)
p c.getpeername == n
begin; srv.getpeername; rescue SystemCallError => e; p e.class; end
c.close; srv.close
