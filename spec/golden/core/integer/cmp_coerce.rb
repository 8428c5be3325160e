# Integer#<=> and the relational operators with an object that has
# #coerce: its result is used only when it is a pair; nil gives nil
# (<=>) or ArgumentError (<), anything else TypeError; an exception from
# #coerce goes through.
class C
  def initialize(r) = @r = r
  def coerce(x) = @r
end

big = 2**64
p(big <=> C.new([big.to_f, 2.5]))
p(big <=> C.new(nil))
p(big <=> C.new([big, 2**70]))
p(big <=> C.new([big, 22]))
p(3 <=> C.new([1, 2]))
p(3 <=> C.new(nil))
p(3.5 <=> C.new(nil))
p(3 <=> Object.new)
p(2**64 + 1 <=> (2**64).to_f)
p(Float::INFINITY <=> Float::MAX.to_i * 2)
p(-Float::MAX.to_i * 2 <=> Float::INFINITY)

def try
  p yield
rescue => e
  p [e.class, e.message]
end

try { big <=> C.new(5) }
try { 3 <=> C.new("x") }
try { 3 < C.new(nil) }
try { 3 < C.new([1, 2]) }
try { big >= C.new([3, 2]) }
try { 3.0 > C.new(nil) }
try { 3 + C.new(nil) }
try { 3 + C.new([10, 20]) }
try { Rational(1, 2) <=> C.new(nil) }
try { Rational(1, 2) + C.new(nil) }
try { Rational(1, 2) <=> C.new([1, 2]) }
try { Complex(1, 2) + C.new(7) }
o = Object.new
def o.coerce(x) = raise(RuntimeError, "my error")
try { big <=> o }
try { 1 < o }
