# Corpus: object space like
class Registry
  @items = []
  class << self
    attr_reader :items
    def register(x) = (@items << x; x)
  end
end
Registry.register(:a)
Registry.register(:b)
puts Registry.items.inspect
class Registry
  @@count = 0
  def self.tick = @@count += 1
end
Registry.tick
puts Registry.tick
