# exceptions in threads are re-raised by join and value
Thread.report_on_exception = false
t = Thread.new { raise ArgumentError, "bad input in thread" }
begin
  t.join
rescue => e
  puts "join re-raised #{e.class}: #{e.message}"
end
begin
  t.value
rescue => e
  puts "value re-raised #{e.class}: #{e.message}"
end
class CustomError < StandardError; end
ts = 4.times.map do |i|
  Thread.new(i) do |n|
    raise CustomError, "worker #{n} failed" if n.odd?
    n * 100
  end
end
ts.each_with_index do |th, i|
  puts "worker #{i}: #{th.value}"
rescue CustomError => e
  puts "worker #{i}: rescued #{e.message}"
end
t2 = Thread.new do
  begin
    raise "inner"
  rescue => e
    "handled inside thread: #{e.message}"
  end
end
puts t2.value
t3 = Thread.new { Integer("zz") }
begin
  t3.value
rescue ArgumentError => e
  puts "ArgumentError from Integer: #{e.message.include?('zz')}"
end
t4 = Thread.new { [1, 2].fetch(9) }
puts((t4.value rescue "IndexError rescued: #{$!.class}"))
puts Thread.report_on_exception
