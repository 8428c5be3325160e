# A top-level class/module statement reopens only Object's own constant, not a
# class of a module included in Object.
module IncludedInObject
  class IncludedClass; end
  module IncludedModule; end
end
class Object
  include IncludedInObject
end
class IncludedClass; end
module IncludedModule; end
p IncludedInObject::IncludedClass == Object::IncludedClass
p IncludedInObject::IncludedModule == Object::IncludedModule
class String; def shout = upcase + "!"; end
p "a".shout
class Comparable2; end
module Kernel; def kk = 1; end
p kk
class Struct; end
p Struct.new(:a).new(1).a
class BasicObject; end
p BasicObject.superclass
