# golden: ruby31
# recvfrom/recvfrom_nonblock into a caller's buffer keep the buffer's
# encoding (the end of a stream is nil since 3.3, "" in 3.1: that part is
# in ruby/spec's recvfrom_nonblock_spec, not here)
require 'socket'

u1 = UDPSocket.new
u1.bind("127.0.0.1", 0)
u2 = UDPSocket.new
u2.send("hello", 0, "127.0.0.1", u1.addr[1])
buf = "".encode(Encoding::ISO_8859_1)
IO.select([u1])
msg, from = u1.recvfrom_nonblock(10, 0, buf)
p msg, msg.equal?(buf), buf.encoding == Encoding::ISO_8859_1, from[0]
u2.send("again", 0, "127.0.0.1", u1.addr[1])
buf2 = "xyz".b
msg, = u1.recvfrom(3, 0, buf2) rescue p $!
p buf2, buf2.encoding == Encoding::BINARY

