# Thread.current / Thread.main identity
main = Thread.current
p main.equal?(Thread.main), main == Thread.main
t = Thread.new { [Thread.current.equal?(Thread.main), Thread.current.equal?(main), Thread.current.class] }
p t.value
inner = nil
t2 = Thread.new { inner = Thread.current }
t2.join
p inner.equal?(t2), t2.equal?(Thread.current)
p Thread.list.include?(Thread.main), Thread.current.is_a?(Thread)
ts = 3.times.map { Thread.new { Thread.current } }
p ts.map(&:value).zip(ts).all? { |a, b| a.equal?(b) }
p ts.map(&:object_id).uniq.size
