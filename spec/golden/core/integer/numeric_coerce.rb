# Numeric#coerce (ruby/spec core/range fixtures undef it in a Numeric subclass).
class N < Numeric
  def initialize(v) = @v = v
  def to_f = @v.to_f
end
p N.new(1).coerce(N.new(2)).map(&:class)
p N.new(1).coerce(2)
p 1.coerce(2.5)
begin
  N.new(1).coerce("x")
rescue => e
  p e.class, e.message
end
class M < Numeric
  undef_method :coerce
end
p M.method_defined?(:coerce)
