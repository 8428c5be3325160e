# net/http compiled from the installed Ruby, over plain HTTP to a TCPServer on
# loopback (port 0) served by a green thread; https would need openssl.
# golden: ruby31
require 'net/http'
require 'socket'
server = TCPServer.new("127.0.0.1", 0)
port = server.addr[1]
t = Thread.new do
  c = server.accept
  req = c.gets
  while (l = c.gets) && l != "\r\n"; end
  body = "hello #{req.split[1]}"
  c.write "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: #{body.bytesize}\r\nConnection: close\r\n\r\n#{body}"
  c.close
end
res = Net::HTTP.get_response(URI("http://127.0.0.1:#{port}/path?q=1"))
p res.code, res["content-type"], res.body
t.join
