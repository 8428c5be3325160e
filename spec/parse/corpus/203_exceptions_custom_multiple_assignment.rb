# Corpus: exceptions_custom, multiple_assignment
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

a, b, c = 1, 2
puts [a, b, c].inspect
first, *middle, last = [1, 2, 3, 4, 5]
puts first, middle.inspect, last
(x, y), z = [1, 2], 3
puts x + y + z
a, b = b, a
puts a, b
h, = [9, 8]
puts h
def pair = [:l, :r]
l, r = pair
puts l, r
