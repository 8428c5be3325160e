# Numeric's own methods for a user subclass (class Money < Numeric), written
# in terms of what the subclass defines, as CRuby's numeric.c; Complex keeps
# its undefined ones.
class Money < Numeric
  attr_reader :v
  def initialize(v) = @v = v
  def <(o) = v < (o.is_a?(Money) ? o.v : o)
  def >(o) = v > (o.is_a?(Money) ? o.v : o)
  def ==(o) = v == (o.is_a?(Money) ? o.v : o)
  def /(o) = Money.new(v.to_f / (o.is_a?(Money) ? o.v : o))
  def *(o) = Money.new(v * (o.is_a?(Money) ? o.v : o))
  def -(o) = Money.new(v - (o.is_a?(Money) ? o.v : o))
  def floor = v.floor
  def to_f = v.to_f
  def to_r = v.to_r
  def to_i = v.to_i
  def coerce(o) = [Money.new(o), self]
  def inspect = "M(#{v})"
end
m = Money.new(7)
n = Money.new(-7)
p m.positive?, n.negative?, m.zero?, Money.new(0).zero?, m.nonzero?, Money.new(0).nonzero?
p(+m, -m, m <=> m, m <=> Money.new(7), m.abs, n.abs, n.magnitude)
p m.div(2), m % 2, m.modulo(3), m.divmod(2), m.remainder(3), n.remainder(3)
p m.fdiv(2), m.quo(2), m.quo(2.0), m.eql?(m), m.eql?(7), m.to_int, m.numerator, m.denominator
p m.finite?, m.infinite?, Money.new(2.5).floor, Money.new(2.5).ceil, Money.new(2.5).round, Money.new(-2.5).truncate, Money.new(2.567).round(2)
begin; m.div(0); rescue ZeroDivisionError => e; p e.message; end
begin; Object.new.extend(Comparable); Class.new(Numeric).new.positive?; rescue => e; p [e.class, e.message.sub(/0x\h+/, "X")]; end
p Complex(1, 2).respond_to?(:floor), 3.remainder(2), Rational(7, 2).floor, 2.5.round
