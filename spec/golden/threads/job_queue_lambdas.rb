# a queue of [id, lambda] jobs consumed by workers; results gathered into an id-indexed array
jobs = Queue.new
ops = {
  square: ->(x) { x * x },
  fact: ->(x) { (1..x).inject(1, :*) },
  digits: ->(x) { (2**x).to_s.size },
  fib: ->(x) { a, b = 0, 1; x.times { a, b = b, a + b }; a },
}
plan = 40.times.map { |i| [i, ops.keys[i % 4], 10 + i] }
plan.each { |job| jobs << job }
4.times { jobs << nil }
results = Array.new(plan.size)
lock = Mutex.new
workers = 4.times.map do
  Thread.new do
    n = 0
    while (job = jobs.pop)
      id, op, arg = job
      r = ops[op].call(arg)
      lock.synchronize { results[id] = [op, arg, r] }
      n += 1
    end
    n
  end
end
p workers.map(&:value).sum
results.first(8).each { |op, arg, r| puts "#{op}(#{arg}) = #{r}" }
p results.compact.size, results.map(&:last).select { |r| r.is_a?(Integer) }.sum % 1_000_000_007
