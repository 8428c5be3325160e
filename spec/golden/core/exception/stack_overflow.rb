# unbounded recursion raises SystemStackError, which can be rescued
def forever(n) = forever(n + 1)
begin
  forever(0)
rescue SystemStackError => e
  puts "#{e.class}: #{e.message}"
end
puts "still alive"
p SystemStackError.superclass
