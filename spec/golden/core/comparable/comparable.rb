# Comparable via <=>
class Version
  include Comparable
  attr_reader :parts
  def initialize(s)
    @parts = s.split(".").map(&:to_i)
  end

  def <=>(other)
    return nil unless other.is_a?(Version)
    parts <=> other.parts
  end

  def to_s
    parts.join(".")
  end

  def inspect
    "#<Version #{self}>"
  end
end

a = Version.new("1.2.10")
b = Version.new("1.2.9")
c = Version.new("1.10")
p a > b, a < c, a == Version.new("1.2.10"), a != b, a >= a, b <= a
p [a, b, c].sort, [a, b, c].max, [a, b, c].min.to_s, a.between?(b, c), a.clamp(b, b)
p a == 5, (a <=> "x")
begin
  a < 5
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
p [c, a, b].sort { |x, y| y <=> x }.map(&:to_s), [a, b, c].minmax.map(&:to_s)
p 5.clamp(1, 3), 5.clamp(..3), "m".between?("a", "z"), 1.5.clamp(2, 3)
Money = Struct.new(:cents) do
  include Comparable
  def <=>(o) = cents <=> o.cents
  def to_s = format("$%d.%02d", cents / 100, cents % 100)
end
ms = [Money.new(500), Money.new(99), Money.new(1234)]
p ms.sort.map(&:to_s), ms.max.to_s, ms.min_by(&:cents).to_s, Money.new(5) == Money.new(5)
