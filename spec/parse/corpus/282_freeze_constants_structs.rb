# Corpus: freeze_constants, structs, kwargs
module Colors
  ALL = %i[red green blue].freeze
  DEFAULT = ALL.first
  def self.valid?(c) = ALL.include?(c)
end
puts Colors::DEFAULT, Colors.valid?(:green), Colors.valid?(:pink), Colors::ALL.frozen?

Pair = Struct.new(:left, :right) do
  def sum = left + right
end
pr = Pair.new(1, 2)
puts pr.sum, pr.to_a.inspect, pr.left
Coord = Struct.new(:lat, :lng, keyword_init: true)
c = Coord.new(lat: 1.5, lng: -2.25)
puts c.lat, c.lng

def connect(host, port = 80, *rest, timeout: 5, retries:, **extra, &cb)
  cb&.call("#{host}:#{port} t=#{timeout} r=#{retries} rest=#{rest} extra=#{extra}")
end
connect("a", retries: 1) { |s| puts s }
connect("b", 8080, 1, 2, retries: 3, timeout: 9, verbose: true) { puts _1 }
opts = {retries: 2}
connect("c", **opts) { |m| puts m }
def fwd(...) = connect(...)
fwd("d", retries: 0) { puts _1 }
