# golden: ruby31
# Addrinfo.new from a packed sockaddr or an array, with family, socket
# type and protocol; inspect; marshal_dump/load; family_addrinfo;
# IPv4/IPv6 predicates; getnameinfo with numeric flags.
require 'socket'
sa = Socket.sockaddr_in(80, "127.0.0.1")
a = Addrinfo.new(sa)
p a, a.pfamily, a.afamily, a.socktype, a.protocol
p Addrinfo.new(sa, :INET, :STREAM)
p Addrinfo.new(sa, nil, :DGRAM)
p Addrinfo.new(sa, :INET, :RAW, Socket::IPPROTO_RAW)
p Addrinfo.new(["AF_INET", 8080, "myhost", "10.0.0.1"])
p Addrinfo.new(["AF_INET6", 443, "::1", "::1"], nil, :STREAM)
p Addrinfo.new(["AF_UNIX", "/tmp/sock"])
p Addrinfo.new(Socket.sockaddr_un("rel"))
p Addrinfo.new("")
[-> { Addrinfo.new(["AF_INET6", 80, "h", "127.0.0.1"]) },
 -> { Addrinfo.new(sa, nil, :NOPE) },
 -> { Addrinfo.new(["AF_INET", 80, "h", "127.0.0.1"], nil, :STREAM, Socket::IPPROTO_UDP) }].each do |l|
  begin
    l.call
  rescue SocketError => e
    puts "SocketError: #{e.message}"
  end
end

t = Addrinfo.tcp("127.0.0.1", 80)
p t.marshal_dump, Addrinfo.unix("/x").marshal_dump, Addrinfo.udp("::1", 53).marshal_dump
m = Marshal.load(Marshal.dump(t))
p m, m.ip_port
p t.family_addrinfo("127.0.0.2", 81), Addrinfo.unix("/a").family_addrinfo("/b")
begin
  t.family_addrinfo("x")
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end

%w[::1 :: ff02::1 fe80::1 fec0::1 fc00::1 ::ffff:10.0.0.1 ::10.0.0.1 ff01::1 ff05::1 ff08::1 ff0e::1].each do |h|
  x = Addrinfo.ip(h)
  puts [h, x.ipv6_loopback?, x.ipv6_unspecified?, x.ipv6_multicast?, x.ipv6_linklocal?, x.ipv6_sitelocal?,
        x.ipv6_unique_local?, x.ipv6_v4mapped?, x.ipv6_v4compat?, x.ipv6_mc_nodelocal?, x.ipv6_mc_linklocal?,
        x.ipv6_mc_sitelocal?, x.ipv6_mc_orglocal?, x.ipv6_mc_global?].join(" ")
end
p Addrinfo.tcp("::ffff:10.0.0.1", 5).ipv6_to_ipv4, Addrinfo.ip("::1").ipv6_to_ipv4
%w[127.0.0.1 10.1.2.3 172.16.0.1 192.168.1.1 224.0.0.1 8.8.8.8].each do |h|
  x = Addrinfo.ip(h)
  puts [h, x.ipv4_loopback?, x.ipv4_private?, x.ipv4_multicast?].join(" ")
end
p t.getnameinfo(Socket::NI_NUMERICHOST | Socket::NI_NUMERICSERV)
p Socket.getnameinfo(["AF_INET", 80, "127.0.0.1"], Socket::NI_NUMERICHOST | Socket::NI_NUMERICSERV)
p Socket.getnameinfo(sa, Socket::NI_NUMERICHOST | Socket::NI_NUMERICSERV)
p Socket.unpack_sockaddr_in(sa), Socket.unpack_sockaddr_un(Socket.sockaddr_un("/p")), Socket.sockaddr_un("/p").bytesize
begin
  Socket.unpack_sockaddr_in(Socket.sockaddr_un("/p"))
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
p Socket.getservbyport(22), Socket.getservbyname("ssh")
p Socket::Option.linger(true, 7).linger
