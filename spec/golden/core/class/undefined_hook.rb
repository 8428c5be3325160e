# an undefined singleton_method_added hook: the definition calls
# method_missing (NoMethodError by default)
obj = Object.new
class << obj; undef_method :singleton_method_added; end
begin
  def obj.foo; end
rescue NoMethodError => e
  p e.message.sub(/0x\h+/, "XX")
end
o2 = Object.new
class << o2
  def method_missing(*a) = (($mm ||= []) << a)
  undef_method :singleton_method_added
end
def o2.bar; end
p $mm
