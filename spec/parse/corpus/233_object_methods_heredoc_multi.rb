# Corpus: object_methods, heredoc_multi, threads
o = Object.new
o.instance_variable_set(:@secret, 42)
puts o.instance_variable_get(:@secret), o.instance_variables.inspect
puts 5.send(:+, 3), 5.public_send(:*, 2), [1, 2].method(:push).arity
puts 1.is_a?(Comparable), Integer === 3, 3.instance_of?(Integer), nil.to_a.inspect
puts defined?(foo).inspect, defined?(puts), defined?(String), defined?(@zz).inspect

def show(a, b) = puts(a + b)
show(<<~ONE, <<~TWO)
  first body
ONE
  second body
TWO
html = <<~HTML
  <ul>
  #{%w[a b].map { |i| "  <li>#{i}</li>" }.join("\n")}
  </ul>
HTML
puts html
q = <<~"QUOTED"
  quoted #{1 + 2}
QUOTED
puts q
x = [<<~A.upcase, "mid", <<~B.length]
  aa
A
  bbb
B
puts x.inspect

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
