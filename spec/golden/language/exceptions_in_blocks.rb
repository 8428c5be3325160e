def safely
  yield
rescue ZeroDivisionError => e
  "safe: #{e.message}"
end
p safely { 1 / 0 }
p safely { 10 }
results = [1, 0, 2].map do |d|
  10 / d
rescue ZeroDivisionError
  :inf
end
p results
p [1, 2, 3].each_with_object([]) { |x, acc|
  begin
    raise ArgumentError, "odd #{x}" if x.odd?
    acc << x
  rescue ArgumentError => e
    acc << e.message
  ensure
    acc << :e
  end
}
l = ->(x) do
  Integer(x)
rescue ArgumentError
  -1
end
p l.("12"), l.("zz")
errors = []
%w[1 a 2 b].each do |s|
  Integer(s)
rescue => e
  errors << e.class
  next
ensure
  errors << :done
end
p errors
def rethrows
  [1].each { |x| raise "from block #{x}" }
rescue => e
  "method caught: #{e.message}"
end
p rethrows
v = [1, 2].map { |x| x == 2 ? (raise "two" rescue :rescued_inline) : x }
p v
