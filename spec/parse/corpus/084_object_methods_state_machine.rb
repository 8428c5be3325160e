# Corpus: object_methods, state_machine, object_protocols
o = Object.new
o.instance_variable_set(:@secret, 42)
puts o.instance_variable_get(:@secret), o.instance_variables.inspect
puts 5.send(:+, 3), 5.public_send(:*, 2), [1, 2].method(:push).arity
puts 1.is_a?(Comparable), Integer === 3, 3.instance_of?(Integer), nil.to_a.inspect
puts defined?(foo).inspect, defined?(puts), defined?(String), defined?(@zz).inspect

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

class Temperature
  attr_reader :deg
  def initialize(d) = @deg = d
  def to_s = "#{deg}°"
  def inspect = "#<Temp #{deg}>"
  def coerce(n) = [Temperature.new(n), self]
  def +(o) = Temperature.new(deg + (o.is_a?(Temperature) ? o.deg : o))
  def to_proc = ->(x) { x + deg }
end
t = Temperature.new(20)
puts t, t.inspect, (t + 5).deg, (5 + t).deg, [1, 2].map(&t).inspect
