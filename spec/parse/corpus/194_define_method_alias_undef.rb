# Corpus: define_method, alias_undef
class Meta
  %w[alpha beta].each_with_index do |nm, i|
    define_method("#{nm}?") { i.even? }
    define_method(:"#{nm}_value") { |mult = 1| (i + 1) * mult }
  end
end
m = Meta.new
puts m.alpha?, m.beta?, m.beta_value(10), m.respond_to?(:alpha_value)
puts Meta.instance_methods(false).sort.inspect

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
