# `private`/`protected`/`module_function` without arguments inside a block
# run as a module body (Module.new, class_eval, Class.new) or a block in a
# class body; the visibility ends with the body.
m = Module.new do
  private
  def a; end
  protected
  def b; end
  public
  def c; end
end
p m.private_instance_methods(false), m.protected_instance_methods(false), m.public_instance_methods(false)
m2 = Module.new do
  send :private
  def d; end
end
p m2.private_instance_methods(false)
class Foo
  [1].each { private }
  def x; end
end
p Foo.private_instance_methods(false)
class Foo
  private
end
Foo.class_eval { def y; end }
p Foo.public_instance_methods(false)
k = Class.new do
  private
  def z; end
end
p k.private_instance_methods(false)
mf = Module.new do
  module_function
  def f = 42
end
p mf.f, mf.private_instance_methods(false)
class Bar
  def self.make
    [1].each { def made; end }
  end
end
Bar.make
p Bar.public_instance_methods(false)
begin
  Module.new do
    private
    raise "boom"
  end
rescue => e
  p e.message
end
