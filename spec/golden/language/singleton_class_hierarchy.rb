# Singleton classes of classes and of singleton classes: superclass, class,
# ancestors and method lookup as CRuby's metaclass hierarchy.
class A; def self.cm; :cm; end; end
p A.singleton_class.singleton_class.ancestors.first(3)
p A.singleton_class.class, A.singleton_class.singleton_class.class
begin; A.singleton_class.new; rescue => e; p e; end
begin; A.singleton_class.allocate; rescue => e; p e; end
p A.singleton_class.instance_methods(false), A.singleton_class.singleton_class.instance_methods(false)
o = Object.new
def o.x; end
p o.singleton_class.singleton_class.superclass
p o.singleton_class.respond_to?(:new)
module M; end
p M.singleton_class.superclass, M.singleton_class.singleton_class.superclass
class << A
  class << self
    def mm; :mm; end
  end
end
p A.singleton_class.mm
class B < A; end
p B.singleton_class.mm
p Class.singleton_class.class, Class.singleton_class.singleton_class.superclass
p BasicObject.singleton_class.singleton_class.superclass
p A.singleton_class.superclass, BasicObject.singleton_class.superclass
p A.singleton_class.singleton_class.superclass
p A.singleton_class.is_a?(Class.singleton_class)
p A.singleton_class.singleton_class.is_a?(Class.singleton_class.singleton_class)
class Class; def self.class_cm; :class_cm; end; end
p A.singleton_class.class_cm, A.singleton_class.ancestors.first(5)
class K; def self.km; :km; end; end
k = K.new
p k.singleton_class.km, k.singleton_class.singleton_class.superclass
