# Corpus: exceptions_custom, matrix_math, state_machine
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

m = [[1, 2], [3, 4]]
t = m.transpose
prod = m.map { |row| t.map { |col| row.zip(col).sum { |a, b| a * b } } }
puts prod.inspect, m.flatten.sum, m.map(&:sum).inspect
id = Array.new(3) { |i| Array.new(3) { |j| i == j ? 1 : 0 } }
puts id.map { _1.join(" ") }

class Light
  TRANSITIONS = {green: :yellow, yellow: :red, red: :green}.freeze
  attr_reader :state
  def initialize = @state = :green
  def next! = @state = TRANSITIONS.fetch(@state)
  def to_s = "Light(#{state})"
end
l = Light.new
4.times { l.next! }
puts l
