# Corpus: operators, threads, sorting
a = 7
b = 3
puts a / b, a % b, a ** b, -a ** 2, a.fdiv(b).round(3), a <=> b, a & b, a | b, a ^ b, ~a, a << 2, a >> 1
puts !true, (not false), (a > b and b > 0), (a < b or b == 3)
c = nil
c ||= 10
c &&= c + 1
c += 1
c -= 2
c *= 3
c /= 2
c **= 2
puts c
puts 10.divmod(3).inspect, (-7).abs, 2**100, 0x1F + 0b11 + 0o7 + 1_000

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

people = [["bob", 25], ["al", 30], ["cy", 25]]
puts people.sort_by { |n, a| [a, n] }.map(&:first).join(",")
puts people.sort { |a, b| b[1] <=> a[1] }.first.inspect
puts people.max_by { _2 }.first rescue puts "err"
puts people.min_by(2) { |_, a| a }.inspect
puts %w[pear Apple fig].sort_by(&:downcase).inspect, [3, 1, 2].sort.reverse.inspect
