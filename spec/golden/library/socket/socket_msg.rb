# golden: ruby31
# BasicSocket#sendmsg/#recvmsg over a UNIX socketpair with control
# messages: a pipe's write end passed as SCM_RIGHTS comes back as a new IO
# on another descriptor that writes into the same pipe; Socket::AncillaryData.
require 'socket'
a, b = UNIXSocket.pair
r, w = IO.pipe
p a.sendmsg("fd!", 0, nil, Socket::AncillaryData.unix_rights(w))
msg = b.recvmsg(10, 0, nil, scm_rights: true)
p msg[0], msg[1].afamily == Socket::AF_UNIX, msg.size
anc = msg[3]
p anc.family, anc.level == Socket::SOL_SOCKET, anc.type == Socket::SCM_RIGHTS
p anc.cmsg_is?(:SOCKET, :RIGHTS), anc.cmsg_is?(:SOCKET, :TIMESTAMP)
ios = anc.unix_rights
p ios.size, ios[0].fileno != w.fileno
ios[0].write("through the passed fd\n")
ios[0].close
w.close
p r.read

# without scm_rights: the data, no IOs
a.sendmsg("x", 0, nil, Socket::AncillaryData.unix_rights($stdout))
m = b.recvmsg
p m[0], m[3].unix_rights

# integers, raw control data, inspect
i = Socket::AncillaryData.int(:UNIX, :SOCKET, :RIGHTS, 4)
p i.int, i.data.bytesize, i.inspect
d = Socket::AncillaryData.new(:INET, :IP, :TTL, "ab")
p d.level == Socket::IPPROTO_IP, d.type == Socket::IP_TTL, d.data
begin
  d.int
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
begin
  Socket::AncillaryData.new(:INET, :SOCKET, :MOO, "")
rescue SocketError => e
  puts "SocketError: #{e.message}"
end

# recvmsg_nonblock with nothing there, then a message
p b.recvmsg_nonblock(exception: false)
begin
  b.recvmsg_nonblock
rescue IO::WaitReadable => e
  p e.class
end
a.sendmsg("last")
p b.recvmsg[0]
a.close
b.close

# datagram: the sender's address comes back
s1, s2 = Socket.pair(:UNIX, :DGRAM)
s1.sendmsg("dgram")
m = s2.recvmsg
p m[0], m[1].class
s1.close; s2.close
