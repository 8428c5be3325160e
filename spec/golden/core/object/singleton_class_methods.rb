# class methods, singleton methods, class instance variables, class variables, inheritance of each
class Registry
  @items = []
  @@total = 0
  class << self
    attr_reader :items
    def register(x)
      @items << x
      @@total += 1
      self
    end
    def total = @@total
  end
  def self.reset! = (@items = [])
end
class SubRegistry < Registry
  @items = [:own]
end
Registry.register(:a).register(:b)
SubRegistry.register(:c)
p Registry.items, SubRegistry.items, Registry.total, SubRegistry.total
Registry.reset!
p Registry.items, SubRegistry.items
o = Object.new
def o.greet = "hi from singleton"
o.define_singleton_method(:twice) { |x| x * 2 }
p o.greet, o.twice(4), o.singleton_methods.sort
str = "text"
class << str
  def shout = upcase + "!"
end
p str.shout, str.singleton_methods
module Plugin
  def self.extended(base) = base.instance_variable_set(:@plugged, true)
  def plugged? = @plugged
end
k = Class.new
k.extend(Plugin)
p k.plugged?
class Config
  class << self
    def setting(name, default)
      define_method(name) { instance_variable_get("@#{name}") || default }
      define_method("#{name}=") { |v| instance_variable_set("@#{name}", v) }
      (@settings ||= []) << name
    end
    attr_reader :settings
  end
  setting :color, "red"
  setting :size, 10
end
cfg = Config.new
cfg.size = 42
p cfg.color, cfg.size, Config.settings, Config.new.size
p Registry.singleton_class.instance_methods(false).sort, Registry.respond_to?(:register)
