# ConditionVariable hand-off with a predicate loop (ping-pong, then a bounded buffer)
m = Mutex.new
cv = ConditionVariable.new
turn = :ping
log = []
ping = Thread.new do
  5.times do |i|
    m.synchronize do
      cv.wait(m) until turn == :ping
      log << "ping #{i}"
      turn = :pong
      cv.broadcast
    end
  end
end
pong = Thread.new do
  5.times do |i|
    m.synchronize do
      cv.wait(m) until turn == :pong
      log << "pong #{i}"
      turn = :ping
      cv.broadcast
    end
  end
end
[ping, pong].each(&:join)
puts log

buf = []
cap = 3
lock = Mutex.new
not_full = ConditionVariable.new
not_empty = ConditionVariable.new
producer = Thread.new do
  20.times do |i|
    lock.synchronize do
      not_full.wait(lock) while buf.size >= cap
      buf << i
      not_empty.signal
    end
  end
end
got = []
consumer = Thread.new do
  20.times do
    lock.synchronize do
      not_empty.wait(lock) while buf.empty?
      got << buf.shift
      not_full.signal
    end
  end
end
[producer, consumer].each(&:join)
puts got.inspect
puts buf.empty?
