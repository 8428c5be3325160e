# golden: ruby31
# A return, break or raise leaving the block of IO.popen, Open3.popen3 and
# the socket open methods closes what the method opened, as CRuby's ensure.
require 'open3'
require 'socket'

def popen_return
  IO.popen(["echo", "from popen"]) { |io| return io.read }
end
p popen_return

kept = nil
r = [1, 2].map { |i| IO.popen(["echo", i.to_s]) { |io| kept = io; break io.read * 2 } }
p r, kept.closed?

def popen_io
  IO.popen(["cat"], "r+") { |io| return io }
end
io = popen_io
p io.closed?, $?.class, $?.exitstatus

begin
  IO.popen(["echo", "x"]) { |io| kept = io; raise "boom" }
rescue => e
  p [e.message, kept.closed?]
end

def o3_return
  Open3.popen3("cat") do |i, o, e, t|
    i.puts "via popen3"
    i.close
    return [o.read, t]
  end
end
out, thr = o3_return
p out, thr.alive?, thr.value.success?

streams = nil
v = Open3.popen2("echo", "two") { |i, o, t| streams = [i, o]; break o.read.upcase }
p v, streams.map(&:closed?)

def o2e_return
  Open3.popen2e("sh", "-c", "echo out; echo err >&2") { |i, oe, t| return oe.read.lines.sort }
end
p o2e_return

server = TCPServer.new("127.0.0.1", 0)
port = server.addr[1]
acceptor = Thread.new { c = server.accept; c.puts "hello"; c.close }

def tcp_return(port)
  TCPSocket.open("127.0.0.1", port) { |s| return [s.gets, s] }
end
line, sock = tcp_return(port)
p line, sock.closed?
acceptor.join

def server_return
  TCPServer.open("127.0.0.1", 0) { |s| return s }
end
p server_return.closed?

s2 = nil
w = [0].each { TCPServer.open("127.0.0.1", 0) { |s| s2 = s; break :broke } }
p w, s2.closed?

acceptor = Thread.new { c = server.accept; c.write "tcp"; c.close }
got = Socket.tcp("127.0.0.1", port) { |s| break [s.read, s] }
p got[0], got[1].closed?
acceptor.join

path = "/tmp/spinel_b1_#{Process.pid}.sock"
us = UNIXServer.open(path) { |u| u }
p us.closed?
File.delete(path)
u = UDPSocket.open { |x| break x }
p u.closed?
p TCPServer.new("127.0.0.1", 0) { :ignored }.class
server.close
