# 1000 threads each pushing to a queue
q = Queue.new
threads = 1000.times.map { |i| Thread.new(i) { |n| q << n } }
threads.each(&:join)
vals = []
vals << q.pop until q.empty?
puts vals.size
puts vals.sum
puts vals.sort == (0...1000).to_a
alive = threads.count(&:alive?)
puts alive
values = 1000.times.map { |i| Thread.new { i * 2 } }.map(&:value)
puts values.sum
