# Corpus: set_ops, exceptions, threads, each_cons_zip
require 'set'
s = Set.new([1, 2, 3])
s << 2 << 4
puts s.size, s.include?(4), (s & Set[2, 9]).to_a.inspect, (s | [7]).size, s.subset?(Set[1, 2, 3, 4, 5])
puts [1, 2, 2, 3].uniq.inspect, ([1, 2] + [2, 3]).inspect, ([1, 2, 3] - [2]).inspect, ([1, 2] & [2, 3]).inspect

class AppError < StandardError
  def initialize(msg = "app failed") = super
end
def risky(n)
  raise AppError if n == 0
  raise ArgumentError, "negative" if n < 0
  10 / n
rescue ArgumentError => e
  "arg: #{e.message}"
else
  "ok"
ensure
  puts "done #{n}"
end
puts risky(1), risky(-1)
begin
  risky(0)
rescue AppError => e
  puts "caught #{e.message} #{e.class}"
end
x = Integer("zz") rescue -1
puts x
attempts = 0
begin
  attempts += 1
  raise "retry me" if attempts < 3
  puts "succeeded after #{attempts}"
rescue
  retry
end

results = []
lock = Mutex.new
workers = 4.times.map do |i|
  Thread.new(i) do |n|
    v = (1..1000).sum * n
    lock.synchronize { results << v }
  end
end
workers.each(&:join)
puts results.sort.inspect
q = Queue.new
producer = Thread.new { 3.times { |i| q << i }; q << :done }
consumed = []
while (item = q.pop) != :done
  consumed << item
end
producer.join
puts consumed.inspect

nums = [3, 1, 4, 1, 5, 9, 2, 6]
puts nums.each_cons(3).map { |a, b, c| a + b + c }.max
puts nums.zip(nums.rotate).map { |a, b| a - b }.inspect
puts nums.group_by(&:odd?).inspect
puts nums.chunk_while { |a, b| b == a + 1 }.to_a.inspect
puts nums.tally.select { |_, c| c > 1 }.keys.inspect
puts nums.minmax.inspect, nums.sum.fdiv(nums.size)
