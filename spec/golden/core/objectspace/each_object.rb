# ObjectSpace.each_object(Class) / (Module): finding subclasses, the way scripts do.
class Base; end
class A < Base; end
class B < Base; end
module M; class C < A; end; end
anon = Class.new(Base)
o = Object.new
def o.sing = 1
p ObjectSpace.each_object(Class).select { |k| k < Base }.map { |k| k.name || "anon" }.sort
p ObjectSpace.each_object(Class).include?(String), ObjectSpace.each_object(Module).include?(Kernel), ObjectSpace.each_object(Class).include?(Kernel)
p ObjectSpace.each_object(Class).any? { |k| k.singleton_class? }
n = ObjectSpace.each_object(Class) { |k| }
p n.is_a?(Integer) && n > 50
p ObjectSpace.each_object(Module).count > ObjectSpace.each_object(Class).count
