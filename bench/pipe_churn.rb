# bench: threads — IO.pipe + close 20,000 times while 1,000 threads wait in
# Queue#pop (opening and closing descriptors with many parked threads).
SCALE = 1
q = Queue.new
sleepers = Array.new(1_000) { Thread.new { q.pop } }
n = 20_000 * SCALE
bytes = 0
n.times do |i|
  r, w = IO.pipe
  if i % 100 == 0
    w.write("x" * 10)
    w.close
    bytes += r.read.size
  else
    w.close
  end
  r.close
end
1_000.times { q << 1 }
sleepers.each(&:join)
puts bytes
puts "ops: #{n}"
