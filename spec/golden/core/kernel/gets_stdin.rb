# reading stdin: gets, chomp, each_line, read
first = gets
p first
p first.chomp
second = $stdin.gets.chomp
puts "second=#{second}"
nums = $stdin.gets.split.map(&:to_i)
p nums.sum
rest = $stdin.each_line.map(&:chomp)
p rest
p gets
p $stdin.eof?
