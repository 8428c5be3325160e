# Queue#pop(timeout:) does not exist in 3.1, so waits here use join(timeout) and
# ConditionVariable#wait with a timeout; the outputs are the booleans of the
# outcomes, identical under any scheduling.
m = Mutex.new
cv = ConditionVariable.new
ready = false
waiter = Thread.new do
  m.synchronize do
    cv.wait(m, 0.05) # nobody signals: returns after the timeout
    ready
  end
end
p waiter.value
m2 = Mutex.new
cv2 = ConditionVariable.new
flag = false
t = Thread.new do
  m2.synchronize do
    cv2.wait(m2) until flag
    :signalled
  end
end
Thread.pass until t.status == "sleep"
m2.synchronize do
  flag = true
  cv2.signal
end
p t.value
slow = Thread.new { sleep 10 }
p slow.join(0.05).nil?, slow.alive?
slow.kill
p slow.join.equal?(slow), slow.alive?
