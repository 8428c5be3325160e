def compute(x)
  raise RangeError.new("negative: #{x}") if x < 0
  x * 2
end
p compute(2)
begin
  compute(-1)
rescue RangeError => e
  puts "rescued: #{e.message}"
end
compute(-5)
