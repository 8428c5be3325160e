class Temp
  include Comparable
  attr_reader :deg
  def initialize(d) = @deg = d
  def <=>(o) = deg <=> o.deg
  def to_s = "#{deg}°"
  def succ = Temp.new(deg + 1)
end
lo, hi = Temp.new(0), Temp.new(30)
puts Temp.new(45).clamp(lo, hi), Temp.new(-5).clamp(lo, hi), Temp.new(12).clamp(lo, hi)
p Temp.new(5).between?(lo, hi)
p [Temp.new(3), Temp.new(1), Temp.new(2)].sort.map(&:deg)
p [Temp.new(3), Temp.new(1)].max.deg
r = (Temp.new(1)..Temp.new(4))
p r.map(&:deg)
p r.include?(Temp.new(2))
p Temp.new(1) == Temp.new(1)
