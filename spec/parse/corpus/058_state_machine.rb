# Corpus: state machine
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
