class Version
  include Comparable
  attr_reader :parts
  def initialize(s) = @parts = s.split(".").map(&:to_i)
  def <=>(other) = parts <=> other.parts
  def to_s = parts.join(".")
end
vs = %w[1.2.10 1.2.2 1.10 1.2 0.9.9].map { |s| Version.new(s) }
puts vs.sort.map(&:to_s).join(" < ")
puts vs.max, vs.min
a, b = Version.new("1.2"), Version.new("1.3")
p a < b, a <= b, a > b, a >= b, a == Version.new("1.2"), a != b
p Version.new("1.5").between?(a, Version.new("2.0"))
p Version.new("1.5").clamp(a, b).to_s
p vs.minmax.map(&:to_s)
p vs.sort { |x, y| y <=> x }.first.to_s
class Money
  include Comparable
  attr_reader :cents
  def initialize(c) = @cents = c
  def <=>(o) = o.is_a?(Money) ? cents <=> o.cents : nil
  def inspect = "$#{cents / 100}.#{(cents % 100).to_s.rjust(2, '0')}"
end
p [Money.new(250), Money.new(99), Money.new(1000)].sort
p Money.new(5) == Money.new(5)
begin
  Money.new(5) < 3
rescue ArgumentError => e
  puts e.message
end
