# Corpus: alias undef
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
