# golden: ruby31
# fork while other threads hammer a shared Array, Hash and String (their
# object locks are taken and dropped all the time on several workers) and
# write to a shared File with sync (its IO lock is held across write(2)):
# the child, where only the forking thread lives, uses every one of them
# and must never find a lock still held by a thread that did not come
# along.  Forks from the main thread and from another thread, many times.
# Expected output from ruby 3.1.
require "tmpdir"

ary = []
hsh = {}
str = +""
log = File.open(File.join(Dir.tmpdir, "spinel_fork_shared_#{$$}.log"), "w")
log.sync = true
stop = false

hammers = 4.times.map do |t|
  Thread.new do
    i = 0
    until stop
      ary << i
      ary.shift if ary.size > 100
      hsh[i % 50] = t
      hsh.delete((i + 25) % 50)
      str << "x"
      str.slice!(0, 50) if str.size > 200
      log.write("t#{t} #{i}\n") if i % 16 == 0
      i += 1
    end
  end
end

def child_uses(ary, hsh, str, log, out)
  ary << :child
  ary.push(1, 2)
  last = ary.last(3)
  hsh[:child] = 1
  hsh.delete(:child)
  hsh[:again] = 2
  str << "child"
  ends = str.end_with?("child")
  log.write("child\n")
  log.flush
  out.puts "#{last.inspect} #{hsh[:again]} #{ends} #{ary.frozen?}"
end

def fork_once(ary, hsh, str, log)
  rd, wr = IO.pipe
  pid = fork do
    rd.close
    child_uses(ary, hsh, str, log, wr)
    wr.close
    exit! 0
  end
  wr.close
  line = rd.read
  rd.close
  Process.wait(pid)
  [line, $?.exitstatus]
end

results = Hash.new(0)
20.times do
  sleep 0.001
  results[fork_once(ary, hsh, str, log)] += 1
end
forker = Thread.new do
  10.times.map { fork_once(ary, hsh, str, log) }
end
forker.value.each { |r| results[r] += 1 }

stop = true
hammers.each(&:join)
log.close
File.delete(log.path)
results.each { |(line, st), n| puts "#{n} x status #{st}: #{line}" }
puts ary.size <= 101, hsh.size <= 50
