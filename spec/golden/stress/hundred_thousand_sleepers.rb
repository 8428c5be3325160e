# 100,000 simultaneously live green threads, all asleep at once.
# Each thread checks in on a Queue, then sleeps until the main thread
# releases them all; the main thread joins them and checks their values.
# golden: timeout 300 (about 10 s of CPU on 2 cores, mostly first-touch page
# faults of 100,000 stacks; a loaded CI machine can stretch that a lot)
N = 100_000
ready = Queue.new
gate = Queue.new
threads = Array.new(N) do |i|
  Thread.new(i) do |k|
    ready << k
    gate.pop
    k * 2
  end
end
N.times { ready.pop }
live = threads.count(&:alive?)
puts "live: #{live}"
asleep = threads.count { |t| t.status == "sleep" }
puts "asleep: #{asleep}"
N.times { gate << :go }
sum = threads.sum(&:value)
puts "sum: #{sum}"
puts "expected: #{(0...N).sum * 2}"
