# method_removed/method_undefined and the singleton_ hooks, FrozenError on a
# frozen class, BasicObject::BasicObject, constants of Object not visible
# from a BasicObject subclass (lexically, const_get, const_defined?)
class Hk
  def self.method_removed(n) = p([:removed, n])
  def self.method_undefined(n) = p([:undefined, n])
  def a; end
  def b; end
  remove_method :a
  undef_method :b
end
o = Object.new
def o.singleton_method_removed(n) = p([:sremoved, n])
def o.singleton_method_undefined(n) = p([:sundefined, n])
def o.x; end
def o.y; end
o.singleton_class.send(:remove_method, :x)
o.singleton_class.send(:undef_method, :y)
p BasicObject.constants.include?(:BasicObject)
p BasicObject.private_instance_methods.sort
fm = Class.new { def q; end }.freeze
begin; fm.send(:remove_method, :q); rescue => e; p e.class; end
begin; fm.send(:undef_method, :q); rescue => e; p e.class; end
class BO < BasicObject
  def self.t = (String rescue :err)
  def self.d = defined?(String)
end
module MM; def self.t = String; end
p BO.t, BO.d, MM.t
p BasicObject.const_defined?(:Kernel), BO.const_defined?(:String)
p((BasicObject.const_get(:String) rescue :nameerr))
p((BO.const_get(:String) rescue :nameerr))
p MM.const_defined?(:String), MM.const_get(:String)
class << BasicObject.new; p((String rescue :e)); end rescue p $!
