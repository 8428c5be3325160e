# ConditionVariable#broadcast wakes all 1,000 waiters; each re-acquires
# the mutex before it continues.
m = Mutex.new
cv = ConditionVariable.new
waiting = 0
woken = 0
go = false
threads = 1000.times.map do
  Thread.new do
    m.synchronize do
      waiting += 1
      cv.wait(m) until go
      raise "not owner" unless m.owned?
      woken += 1
    end
  end
end
loop do
  n = m.synchronize { waiting }
  break if n == 1000
  Thread.pass
end
m.synchronize do
  go = true
  cv.broadcast
end
threads.each(&:join)
puts woken

# a token passed around 20 threads, 50 rounds (broadcast + while-loop waits)
turn = 0
ts = 20.times.map do |i|
  Thread.new do
    50.times do
      m.synchronize do
        cv.wait(m) while turn % 20 != i
        turn += 1
        cv.broadcast
      end
    end
  end
end
ts.each(&:join)
puts turn
