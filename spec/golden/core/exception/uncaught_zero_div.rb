# ZeroDivisionError at top level, with ensure output before the report
def average(xs)
  xs.sum / xs.size
end

begin
  puts average([1, 2, 3])
  puts average([])
ensure
  puts "ensure ran"
end
