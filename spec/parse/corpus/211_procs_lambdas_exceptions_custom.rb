# Corpus: procs_lambdas, exceptions_custom, structs, string_builder
square = ->(x) { x * x }
add = lambda { |a, b = 1| a + b }
shout = proc { |s| s.to_s.upcase }
compose = square >> ->(v) { v + 1 }
puts square.(4), add[2], add.call(2, 3), shout.call(:hi), compose.call(3)
def run_block
  yield 1, 2
end
puts run_block { |a, b| a + b }
counter = 0
inc = proc { counter += 1 }
3.times(&inc)
puts counter

class ValidationError < StandardError
  attr_reader :field
  def initialize(field, msg = nil)
    @field = field
    super(msg || "#{field} is invalid")
  end
end
def validate!(h)
  raise ValidationError.new(:name) if h[:name].to_s.empty?
  raise ValidationError.new(:age, "too young") if h[:age] < 18
  :ok
end
[{name: "", age: 30}, {name: "x", age: 3}, {name: "y", age: 40}].each do |h|
  puts validate!(h)
rescue ValidationError => e
  puts "#{e.field}: #{e.message}"
end

Pair = Struct.new(:left, :right) do
  def sum = left + right
end
pr = Pair.new(1, 2)
puts pr.sum, pr.to_a.inspect, pr.left
Coord = Struct.new(:lat, :lng, keyword_init: true)
c = Coord.new(lat: 1.5, lng: -2.25)
puts c.lat, c.lng

buf = +""
buf << "a" << "b"
buf.concat("c", "d")
buf.prepend(">")
buf.insert(1, "_")
puts buf, buf.length, buf.reverse, buf.include?("bc"), buf.index("c")
puts "abc" * 3, "a-b-c".split("-", 2).inspect, "Hello World".swapcase, "ab\n".chomp + "!"
puts "%.3e" % 12345.678, 10.0 / 3, 1e10.to_i, 2.5.truncate, 1.0 / 0, -0.0
