# bench: threads — ConditionVariable hand-off: two threads alternate a turn flag.
# bench-workers: 1 2
# ops = hand-offs (each thread's turn counts once)
SCALE = 1
n = 150_000 * SCALE
m = Mutex.new
cv = ConditionVariable.new
turn = 0
count = 0
ths = 2.times.map do |me|
  Thread.new do
    n.times do
      m.synchronize do
        cv.wait(m) while turn != me
        count += 1
        turn = 1 - me
        cv.signal
      end
    end
  end
end
ths.each(&:join)
puts "hand-offs = #{count}"
puts "ops: #{count}"
