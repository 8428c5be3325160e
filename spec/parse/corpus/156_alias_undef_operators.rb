# Corpus: alias_undef, operators
class Str2 < String
  alias_method :old_upcase, :upcase
  alias shout upcase
  def upcase = "UP:" + old_upcase
  undef_method :downcase rescue nil
end
s2 = Str2.new("hi")
puts s2.upcase, s2.shout
class Tmp
  def a = 1
  def b = 2
  undef b
end
puts Tmp.new.respond_to?(:b)

a = 7
b = 3
puts a / b, a % b, a ** b, -a ** 2, a.fdiv(b).round(3), a <=> b, a & b, a | b, a ^ b, ~a, a << 2, a >> 1
puts !true, (not false), (a > b and b > 0), (a < b or b == 3)
c = nil
c ||= 10
c &&= c + 1
c += 1
c -= 2
c *= 3
c /= 2
c **= 2
puts c
puts 10.divmod(3).inspect, (-7).abs, 2**100, 0x1F + 0b11 + 0o7 + 1_000
