# Corpus: gsub_tricks, then_tap, threads
template = "Dear {name}, your total is {amount}."
vals = {name: "Sam", amount: "$5"}
puts template.gsub(/\{(\w+)\}/) { vals[$1.to_sym] }
puts "2024-01-15".match(/(?<y>\d+)-(?<m>\d+)-(?<d>\d+)/)[:m]
if "key=value" =~ /(\w+)=(\w+)/
  puts "#{$1} -> #{$2}"
end
puts "a,b;c d".split(/[,; ]/).inspect
puts "snake_case_words".split('_').map.with_index { |w, i| i.zero? ? w : w.capitalize }.join

puts 5.then { _1 * 3 }
v = [3, 1, 2].tap { |a| puts "before sort #{a.size}" }.sort
puts v.inspect
puts 10.clamp(1, 5), 4.between?(1, 5), 7.pred.succ

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
