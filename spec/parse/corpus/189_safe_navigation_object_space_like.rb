# Corpus: safe_navigation, object_space_like
User = Struct.new(:profile)
Profile = Struct.new(:email)
u1 = User.new(Profile.new("a@b.c"))
u2 = User.new(nil)
puts u1.profile&.email, u2.profile&.email.inspect, u2&.profile&.email.to_s.empty?
list = nil
puts list&.size.inspect
puts (list || []).size

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
