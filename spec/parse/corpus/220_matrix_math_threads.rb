# Corpus: matrix_math, threads, object_equality
m = [[1, 2], [3, 4]]
t = m.transpose
prod = m.map { |row| t.map { |col| row.zip(col).sum { |a, b| a * b } } }
puts prod.inspect, m.flatten.sum, m.map(&:sum).inspect
id = Array.new(3) { |i| Array.new(3) { |j| i == j ? 1 : 0 } }
puts id.map { _1.join(" ") }

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

class Money
  attr_reader :cents
  def initialize(c) = @cents = c
  def eql?(o) = o.is_a?(Money) && cents == o.cents
  alias == eql?
  def hash = cents.hash
end
puts [Money.new(1), Money.new(1), Money.new(2)].uniq.size
puts({Money.new(5) => :five}[Money.new(5)])
