# A small HTTP/1.1 server in plain Ruby: one acceptor thread feeds a Queue
# of accepted connections to a pool of worker threads; keep-alive; a few
# routes.  Compile and run (README "Sample servers"):
#
#   bin/spinel samples/http_server.rb -o build/http_server
#   SPINEL_WORKERS=2 build/http_server 8080 [pool_size]
#   curl -s localhost:8080/hello
#
# Port 0 picks a free port; the chosen port is printed.  SIGTERM or SIGINT
# (or GET /shutdown) stops it: the acceptor closes, the pool drains, every
# thread joins and the request count is printed.
require 'socket'

port = (ARGV[0] || 8080).to_i
pool_size = (ARGV[1] || 16).to_i

server = TCPServer.new("127.0.0.1", port)
puts "listening on 127.0.0.1:#{server.addr[1]}"
$stdout.flush

jobs = Queue.new
served = 0
served_lock = Mutex.new
stopping = false

ROUTES = {
  "/" => ["text/plain", ->(_req) { "Spinel HTTP sample\n" }],
  "/hello" => ["text/plain", ->(_req) { "Hello, world!\n" }],
  "/time" => ["text/plain", ->(_req) { "#{Time.now.to_i}\n" }],
  "/json" => ["application/json", ->(req) { "{\"path\":\"#{req[:path]}\",\"agent\":\"#{req[:headers]["user-agent"]}\"}\n" }],
}

def respond(sock, status, type, body, keep)
  reason = { 200 => "OK", 404 => "Not Found", 400 => "Bad Request" }[status]
  sock.write("HTTP/1.1 #{status} #{reason}\r\nContent-Type: #{type}\r\n" \
             "Content-Length: #{body.bytesize}\r\n" \
             "Connection: #{keep ? "keep-alive" : "close"}\r\n\r\n#{body}")
end

# One connection: requests until the client closes or asks to close.
handle = lambda do |sock|
  loop do
    line = sock.gets
    break unless line
    meth, path, version = line.split(" ")
    headers = {}
    while (h = sock.gets) && h != "\r\n"
      k, v = h.split(":", 2)
      headers[k.downcase] = v.strip if v
    end
    break unless h
    len = headers["content-length"].to_i
    sock.read(len) if len > 0
    keep = version == "HTTP/1.1" ? headers["connection"] != "close" : headers["connection"] == "keep-alive"
    if path == "/shutdown"
      respond(sock, 200, "text/plain", "bye\n", false)
      stopping = true
      server.close rescue nil
      break
    end
    route = ROUTES[path]
    if meth.nil? || path.nil?
      respond(sock, 400, "text/plain", "bad request\n", false)
      break
    elsif route
      respond(sock, 200, route[0], route[1].call({ path: path, headers: headers }), keep)
    else
      respond(sock, 404, "text/plain", "not found: #{path}\n", keep)
    end
    served_lock.synchronize { served += 1 }
    break unless keep
  end
rescue Errno::ECONNRESET, Errno::EPIPE, IOError
  # the client went away
ensure
  sock.close unless sock.closed?
end

pool = Array.new(pool_size) do
  Thread.new do
    while (sock = jobs.pop)
      handle.call(sock)
    end
  end
end

stop = lambda do
  stopping = true
  server.close rescue nil
end
trap("TERM") { stop.call }
trap("INT") { stop.call }

acceptor = Thread.new do
  until stopping
    begin
      jobs << server.accept
    rescue IOError, Errno::EBADF
      break
    end
  end
end
acceptor.join
jobs.close
pool.each(&:join)
puts "served #{served} requests"
