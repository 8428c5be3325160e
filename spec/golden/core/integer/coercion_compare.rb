# mixed Integer/Float arithmetic and comparison, coerce protocol for user classes
p 1 + 2.0, 3 * 1.5, 7 / 2.0, 7.0.div(2), 7 / 2, -7 / 2.0
p 1 == 1.0, 1.eql?(1.0), 2 <=> 1.5, 1.0 <=> 2, 3.0.to_i == 3, 10**20 == 1e20, 10**16 + 1 == 1e16 + 1
p [1, 2.0, 3].sum, [1, 2.5].max, [3, 2.0, 1].sort, [1, 1.0].uniq, {1 => :a}[1.0]
p 2**62, (2**62).class, 2**64 > 1.8e19, (2**64).to_f, 2**0.5
class Meters
  attr_reader :v
  def initialize(v) = @v = v
  def +(o) = Meters.new(v + (o.is_a?(Meters) ? o.v : o))
  def coerce(n) = [Meters.new(n), self]
  def to_s = "#{v}m"
end
p (Meters.new(3) + 2).to_s, (2 + Meters.new(3)).to_s, (Meters.new(1) + Meters.new(1)).to_s
begin
  2 + Object.new
rescue TypeError => e
  puts "#{e.class}: #{e.message.sub(/0x\h+/, 'XX')}"
end
p 10.fdiv(4), 10.divmod(-3), -10.divmod(3), 10.0.divmod(-3), -7.5.divmod(2)
p 0.1 + 0.2 == 0.3, (0.1 + 0.2 - 0.3).abs < Float::EPSILON, 1.0.eql?(1.0), 3.7 % 1.2
p Integer === 3, Float === 3, Numeric === 3.0, 3.integer?, 3.0.integer?, 3.finite?, 3.0.nan?
