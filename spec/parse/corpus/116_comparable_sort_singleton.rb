# Corpus: comparable_sort, singleton, ensure_order
Card = Struct.new(:rank, :suit) do
  include Comparable
  RANKS = %w[2 3 4 5 6 7 8 9 10 J Q K A].freeze
  def <=>(o) = RANKS.index(rank) <=> RANKS.index(o.rank)
  def to_s = "#{rank}#{suit}"
end
hand = [Card.new("K", "h"), Card.new("3", "s"), Card.new("A", "d")]
puts hand.sort.join(" "), hand.max.to_s, hand.min_by(&:itself)

class Config
  class << self
    def settings = @settings ||= {}
    def set(k, v) = settings[k] = v
    attr_accessor :env
  end
end
Config.set(:a, 1)
Config.env = "test"
puts Config.settings.inspect, Config.env
obj = Object.new
def obj.hello = "singleton hi"
puts obj.hello, obj.singleton_methods.inspect

def steps
  out = []
  begin
    out << 1
    return out
  ensure
    out << 2
  end
end
puts steps.inspect
def nested
  yield
rescue ZeroDivisionError
  "rescued in method"
end
puts nested { 1 / 0 }
