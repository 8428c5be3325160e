# A line-based chat server: a thread per client; every line a client sends
# is broadcast to all connected clients under a Mutex.  Compile and run:
#
#   bin/spinel samples/chat_server.rb -o build/chat_server
#   build/chat_server 9000        # then: nc 127.0.0.1 9000 (several)
#
# Port 0 picks a free port (printed).  "/quit" leaves; SIGTERM/SIGINT stop
# the server (clients are told, every thread joins).
require 'socket'

server = TCPServer.new("127.0.0.1", (ARGV[0] || 9000).to_i)
puts "chat on 127.0.0.1:#{server.addr[1]}"
$stdout.flush

clients = {}
lock = Mutex.new
threads = []

broadcast = lambda do |line|
  targets = lock.synchronize { clients.keys }
  targets.each do |c|
    c.write(line)
  rescue IOError, Errno::EPIPE, Errno::ECONNRESET
    # that client is leaving; its own thread removes it
  end
end

trap("TERM") { server.close }
trap("INT") { server.close }

loop do
  sock = begin
    server.accept
  rescue IOError, Errno::EBADF
    break
  end
  threads << Thread.new(sock) do |s|
    s.write("name? ")
    name = s.gets&.strip
    if name && !name.empty?
      lock.synchronize { clients[s] = name }
      broadcast.call("* #{name} joined\n")
      while (line = s.gets)
        line = line.chomp
        break if line == "/quit"
        broadcast.call("<#{name}> #{line}\n")
      end
      lock.synchronize { clients.delete(s) }
      broadcast.call("* #{name} left\n")
    end
  rescue IOError, Errno::ECONNRESET, Errno::EPIPE
    lock.synchronize { clients.delete(s) }
  ensure
    s.close unless s.closed?
  end
end
lock.synchronize { clients.keys }.each do |c|
  c.write("* server shutting down\n") rescue nil
  c.close_read rescue nil
end
threads.each(&:join)
puts "chat server stopped"
