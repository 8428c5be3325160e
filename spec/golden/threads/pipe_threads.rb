# IO.pipe between threads: a reader blocks in gets while writers produce;
# the reader's wait does not hold a worker (SPINEL_WORKERS=1 too).
r, w = IO.pipe
reader = Thread.new do
  lines = []
  while (line = r.gets)
    lines << line.chomp
  end
  lines
end
writers = 3.times.map do |k|
  Thread.new do
    4.times do |i|
      w.puts "w#{k}-#{i}"
      sleep 0.01
    end
  end
end
writers.each(&:join)
w.close
lines = reader.value
puts "lines read: #{lines.size}"
puts lines.sort.join(",")
r.close

# a producer/consumer pair passing numbers through a pipe
r, w = IO.pipe
consumer = Thread.new do
  total = 0
  count = 0
  r.each_line do |l|
    total += l.to_i
    count += 1
  end
  [count, total]
end
1.upto(200) { |i| w.puts i }
w.close
count, total = consumer.value
puts "consumed #{count} numbers, sum #{total}"
r.close

# a child process writes into a pipe a thread is reading
r, w = IO.pipe
got = Thread.new { r.read }
system("printf 'from child\\n'", out: w)
w.close
puts got.value
r.close

# the block form closes both ends
ends = nil
v = IO.pipe do |rd, wr|
  ends = [rd, wr]
  t = Thread.new { rd.read }
  wr.write("block form")
  wr.close
  t.value
end
puts v
puts ends.map(&:closed?).inspect
