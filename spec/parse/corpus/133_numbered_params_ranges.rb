# Corpus: numbered_params, ranges, singleton
puts [1, 2, 3].map { _1 * 10 }.inspect
puts({a: 1, b: 2}.map { "#{_1}=#{_2}" }.join("&"))
puts [[1, 2], [3, 4]].map { _1 + _2 }.inspect
puts %w[x yy zzz].sum { _1.size }

r = (1..10)
puts r.step(3).to_a.inspect, (1...10).size, ('a'..'e').to_a.join
puts (1..).first(3).inspect
arr = (0..9).to_a
puts arr[2..4].inspect, arr[..2].inspect, arr[7..].inspect, arr[-3..-1].sum
puts r.include?(5), (1.0..2.0).cover?(1.5)

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
