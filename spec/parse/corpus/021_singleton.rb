# Corpus: singleton
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
