# Corpus: freeze_dup, symbols_to_proc, exceptions_custom
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

names = %i[alice bob carol]
puts names.map(&:to_s).map(&:capitalize).inspect
puts names.each_with_object({}) { |n, h| h[n] = n.length }.inspect
puts %I[a#{1} b].inspect, :"quoted sym".inspect, :a <=> :b

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
