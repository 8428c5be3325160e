class Dyn
  def method_missing(name, *args)
    return "dyn_#{name}(#{args.join(',')})" if name.start_with?("dyn_")
    super
  end
  def respond_to_missing?(name, priv = false) = name.start_with?("dyn_") || super
end
d = Dyn.new
p d.dyn_a, d.dyn_b(1, 2)
p d.respond_to?(:dyn_z), d.respond_to?(:other)
m = d.method(:dyn_q)
p m.call(9)
p d.public_send(:dyn_send, 3)
begin
  d.zzz
rescue NoMethodError => e
  p e.name, e.args, e.receiver.equal?(d)
end
class NilSafe
  def method_missing(*) = self
  def respond_to_missing?(*) = true
  def to_s = "NilSafe"
end
p NilSafe.new.a.b.c.to_s
begin
  undefined_local_or_method
rescue NameError => e
  p e.class, e.message
end
begin
  self.undefined_explicit
rescue NoMethodError => e
  p e.message
end
