class Base
  def method_missing(name, *args)
    name.to_s.start_with?("base_") ? "base handled #{name}" : super
  end
  def respond_to_missing?(n, p = false) = n.to_s.start_with?("base_") || super
end
class Mid < Base
  def method_missing(name, *args)
    name.to_s.start_with?("mid_") ? "mid handled #{name}" : super
  end
  def respond_to_missing?(n, p = false) = n.to_s.start_with?("mid_") || super
end
o = Mid.new
p o.mid_x, o.base_y
p o.respond_to?(:mid_a), o.respond_to?(:base_b), o.respond_to?(:zzz)
begin
  o.zzz(1)
rescue NoMethodError => e
  p e.message, e.name, e.args
end
