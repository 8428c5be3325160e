# IO.select, io/wait, read_nonblock/write_nonblock, readpartial, sys* and
# nonblock (expected output from Debian ruby 3.1; nothing printed differs
# in 3.4).  Closing an IO another thread reads wakes it with IOError.
require 'io/wait'
require 'io/nonblock'
require 'fcntl'
r, w = IO.pipe
p r.wait_readable(0)
p IO.select([r], nil, nil, 0)
p IO.select([r], nil, nil, 0.05)
w << "xy"
p !!r.wait_readable(0)
p !!r.wait(IO::READABLE, 1)
p r.ready?
p !!w.wait_writable(0)
res = IO.select([r], [w], nil, 0)
p res.map(&:size)
p res[0][0].equal?(r), res[1][0].equal?(w)
p IO::EAGAINWaitReadable.ancestors.take(5)
q, = IO.pipe
begin
  q.read_nonblock(5)
rescue IO::WaitReadable => e
  p e.class, e.message, e.errno
end
p q.read_nonblock(5, exception: false)
p r.read_nonblock(1)
p r.read_nonblock(10)
p r.read_nonblock(10, exception: false)
w.write("hello\nworld\n")
p r.gets
p IO.select([r], nil, nil, 0).map(&:size)
p r.readpartial(100)
w.syswrite("abc")
p r.sysread(2), r.sysread(10)
p r.nonblock?
r.nonblock = false
p r.nonblock?
p r.fcntl(Fcntl::F_GETFL) & Fcntl::O_NONBLOCK
w.close
begin; r.readpartial(3); rescue EOFError => e; p e; end
p r.read_nonblock(10, exception: false)
begin; r.sysread(1); rescue EOFError => e; p e.message; end
f = File.open(__FILE__)
p IO.select([f], nil, nil, 0).map(&:size)
p f.sysread(7)
p f.sysseek(0), f.sysread(7)
f.close
begin; IO.select([f], nil, nil, 0); rescue IOError => e; p e; end
p IO.select(nil, nil, nil, 0.01)
begin; IO.select([r], nil, nil, -1); rescue ArgumentError => e; p e.message; end
# a thread blocked in select wakes when another thread writes
r2, w2 = IO.pipe
t = Thread.new { IO.select([r2]); r2.read_nonblock(100) }
sleep 0.05
w2.write "late"
p t.value
# close while another thread reads: IOError in that thread
r3, w3 = IO.pipe
t = Thread.new do
  r3.read(1)
  :read
rescue IOError => e
  e.message
end
sleep 0.05 until t.status == "sleep"
r3.close
p t.value
# several fds, one becomes ready
ps = Array.new(5) { IO.pipe }
t = Thread.new { IO.select(ps.map(&:first), nil, nil, 5)[0].map { |io| ps.index { |a, _| a.equal?(io) } } }
sleep 0.05
ps[3][1].write("!")
p t.value
# write_nonblock fills a pipe, then would block
r4, w4 = IO.pipe
p w4.write_nonblock("x" * 100_000)
p w4.write_nonblock("y", exception: false)
begin
  w4.write_nonblock("y")
rescue IO::WaitWritable => e
  p e.class, e.message
end
p w4.wait_writable(0.01)
r4.readpartial(70_000)
p !!w4.wait_writable(1)
