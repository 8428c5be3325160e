# Corpus: singleton, define_method
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

class Meta
  %w[alpha beta].each_with_index do |nm, i|
    define_method("#{nm}?") { i.even? }
    define_method(:"#{nm}_value") { |mult = 1| (i + 1) * mult }
  end
end
m = Meta.new
puts m.alpha?, m.beta?, m.beta_value(10), m.respond_to?(:alpha_value)
puts Meta.instance_methods(false).sort.inspect
