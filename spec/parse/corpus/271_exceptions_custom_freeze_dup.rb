# Corpus: exceptions_custom, freeze_dup, percent_literals
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

# frozen_string_literal: false
s = "abc"
t = s.dup
t << "d"
puts s, t, s.frozen?
FROZEN = %w[x y].freeze
puts FROZEN.frozen?
begin
  FROZEN << "z"
rescue => e
  puts e.class
end

puts %w[one two three].length, %i[a b].inspect, %q(single 'quoted' #{x}), %Q(double "#{1 + 1}")
puts %(parens (nested) ok), %w{braces {nested}}.inspect, %r[\d+/\d+].match("10/20")[0]
puts %s(sym).inspect, %w[a\ b c].inspect
puts %W[#{1}x y#{2}].inspect
