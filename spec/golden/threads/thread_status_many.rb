# many sleeping threads released by one broadcast; statuses counted, not listed
m = Mutex.new
cv = ConditionVariable.new
go = false
arrived = 0
ts = 50.times.map do |i|
  Thread.new do
    m.synchronize do
      arrived += 1
      cv.wait(m) until go
    end
    i
  end
end
Thread.pass until m.synchronize { arrived } == 50 && ts.all? { |t| t.status == "sleep" }
p ts.map(&:status).tally.to_a
m.synchronize do
  go = true
  cv.broadcast
end
p ts.map(&:value).sum, ts.count(&:alive?), ts.map(&:status).uniq
