# Corpus: constants_scope, state_machine
module Outer
  LIMIT = 10
  class Inner
    def limit = LIMIT
    def top = ::TOP_LEVEL
  end
end
TOP_LEVEL = :top
puts Outer::Inner.new.limit, Outer::Inner.new.top, Outer::LIMIT, Outer.const_get(:LIMIT)

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
