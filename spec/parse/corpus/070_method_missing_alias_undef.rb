# Corpus: method_missing, alias_undef
class Ghost
  def method_missing(name, *args, &blk)
    if name.to_s.start_with?("get_")
      "got #{name.to_s.sub('get_', '')} #{args.inspect}"
    else
      super
    end
  end
  def respond_to_missing?(name, include_private = false) = name.to_s.start_with?("get_") || super
end
g = Ghost.new
puts g.get_thing(1, 2), g.respond_to?(:get_x)
begin
  g.other
rescue NoMethodError => e
  puts e.class
end

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
