# golden: ruby31
# BasicSocket.for_fd (a second socket object on the same descriptor,
# autoclose = false leaves it open), do_not_reverse_lookup, inspect,
# send_io/recv_io.
require 'socket'
srv = TCPServer.new("127.0.0.1", 0)
port = srv.local_address.ip_port
s2 = TCPServer.for_fd(srv.fileno)
s2.autoclose = false
p s2.class, s2.fileno == srv.fileno, s2.autoclose?, s2.binmode?
c = TCPSocket.new("127.0.0.1", port)
conn = s2.accept
conn.write("via for_fd")
p c.readpartial(100)
s2.close
p srv.closed?, srv.local_address.ip_port == port
pr, pw = IO.pipe
begin
  BasicSocket.for_fd(pr.fileno)
rescue SystemCallError => e
  puts "#{e.class}: #{e.message}"
end

p BasicSocket.do_not_reverse_lookup, c.do_not_reverse_lookup
c.do_not_reverse_lookup = false
p c.do_not_reverse_lookup, c.peeraddr(:numeric)[2], c.peeraddr(false)[3]
begin
  c.peeraddr(:cats)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
p srv.inspect == "#<TCPServer:fd #{srv.fileno}, AF_INET, 127.0.0.1, #{port}>"
p c.close_on_exec?
c.close; conn.close; srv.close
p c.inspect

u1, u2 = UNIXSocket.pair
r, w = IO.pipe
u1.send_io(w)
w2 = u2.recv_io
p w2.class
w2.write("sent io"); w2.close; w.close
p r.read
u1.close; u2.close
