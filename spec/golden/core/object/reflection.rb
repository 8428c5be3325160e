# reflection: instance_variables, instance_variable_get/set, class, ancestors, methods, const_get, send
# (method lists are sorted: CRuby returns them in its method-table hash order)
class Base
  VERSION = "1.0"
  def initialize
    @a = 1
    @b = "two"
  end
  def pub = :pub
  protected def prot = :prot
  private def priv = :priv
end
class Child < Base
  def initialize
    super
    @c = [3]
  end
  def extra = :extra
end
c = Child.new
p c.instance_variables, c.instance_variable_get(:@b), c.instance_variable_set(:@d, 4), c.instance_variables.size
p c.instance_variable_defined?(:@a), c.instance_variable_defined?(:@zz), c.remove_instance_variable(:@d), c.instance_variables.size
p Child.superclass, Child.ancestors.take(3), Child.instance_methods(false), Base.public_instance_methods(false).sort
p Base.private_instance_methods(false).sort, Base.protected_instance_methods(false), c.public_methods.include?(:extra)
p Child.const_get(:VERSION), Object.const_get("Child").name, Child.const_defined?(:VERSION), Base.constants
p c.is_a?(Base), Child <= Base, Base <= Child, Child.instance_of?(Class), c.class.name, Child.name.downcase
p c.respond_to?(:priv), c.respond_to?(:priv, true), c.send(:priv), c.method(:pub).owner, c.method(:extra).owner
p Child.method_defined?(:pub), Child.private_method_defined?(:priv), Child.public_method_defined?(:prot)
p 5.class.ancestors.include?(Comparable), Integer.instance_method(:+).owner, String.include?(Comparable)
Child.class_eval { def added = :added }
p c.added, Child.instance_methods(false).sort
c.singleton_class.define_method(:only_me) { :me }
p c.only_me, c.singleton_methods, Child.new.respond_to?(:only_me)
p c.frozen?, c.dup.instance_variables == c.instance_variables, c.itself.equal?(c)
p Object.new.singleton_class.ancestors.first(2).last, Class.superclass, Module.superclass, BasicObject.superclass
