# Corpus: percent_literals, endless_methods, exceptions_custom
puts %w[one two three].length, %i[a b].inspect, %q(single 'quoted' #{x}), %Q(double "#{1 + 1}")
puts %(parens (nested) ok), %w{braces {nested}}.inspect, %r[\d+/\d+].match("10/20")[0]
puts %s(sym).inspect, %w[a\ b c].inspect
puts %W[#{1}x y#{2}].inspect

class Calc
  def initialize(v) = @v = v
  def double = @v * 2
  def add(n) = @v + n
  def self.zero = new(0)
  def even? = @v.even?
end
puts Calc.new(4).double, Calc.new(4).add(1), Calc.zero.double, Calc.new(3).even?

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
