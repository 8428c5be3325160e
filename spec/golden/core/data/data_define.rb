# Data.define (Ruby 3.2+): immutable value objects
Coord = Data.define(:lat, :lng) do
  def to_s = format("(%.2f, %.2f)", lat, lng)
  def north? = lat > 0
end
c = Coord.new(lat: 51.5, lng: -0.12)
d = Coord.new(40.7, -74.0)
p c, d, c.lat, c.to_h, c.north?, Coord.members
puts c
p c == Coord.new(lat: 51.5, lng: -0.12), c.eql?(d), c.frozen?
e = c.with(lat: -33.9)
p e, c
begin
  c.instance_variable_set(:@lat, 0)
rescue => ex
  puts ex.class
end
begin
  Coord.new(1)
rescue ArgumentError => ex
  puts "#{ex.class}: #{ex.message}"
end
begin
  Coord.new(lat: 1, lng: 2, alt: 3)
rescue ArgumentError => ex
  puts "#{ex.class}: #{ex.message}"
end
case d
in {lat: Float => la, lng:}
  puts "lat #{la} lng #{lng}"
end
Empty = Data.define
p Empty.new, Empty.new == Empty.new
Money = Data.define(:amount, :currency) do
  def initialize(amount:, currency: "USD") = super(amount: amount, currency: currency)
  def +(o) = with(amount: amount + o.amount)
end
p Money.new(amount: 5), Money.new(amount: 5) + Money.new(amount: 7)
p c.respond_to?(:lat=), c.inspect
