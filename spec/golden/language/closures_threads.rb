# golden: ruby31
results = []
lock = Mutex.new
workers = (1..3).map do |id|
  Thread.new do
    local = id * 100
    add = ->(x) { lock.synchronize { results << local + x } }
    3.times { |k| add.(k) }
  end
end
workers.each(&:join)
p results.sort
counter = 0
incr = proc { lock.synchronize { counter += 1 } }
4.times.map { Thread.new { 250.times(&incr) } }.each(&:join)
p counter
def compute(n) = (1..n).reduce(:+)
p 3.times.map { |i| Thread.new { compute(10 * (i + 1)) } }.map(&:value)
