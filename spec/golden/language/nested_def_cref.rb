# A def (or alias) nested in a method defines on the method's cref: the class it was
# defined in, also when that class is known only at run time (instance_exec).
o = Object.new
o.instance_exec { def f; def g; 1; end; end }
o.f
p o.singleton_methods.sort
p Object.method_defined?(:g)
p o.g
class A
  def self.m; def z; :z; end; end
  def n; def y; :y; end; end
end
class B < A; end
B.m
p A.method_defined?(:z), B.instance_methods(false)
B.new.n
p A.method_defined?(:y)
module M; def mm; def mk; :mk; end; end; end
class C; include M; end
C.new.mm
p M.method_defined?(:mk), C.instance_methods(false)
def top; def top2; 2; end; end
top
p Object.private_method_defined?(:top2), Object.method_defined?(:top2)
o2 = Object.new
o2.instance_exec { def h; [1].each { def hh; 3; end }; end }
o2.h
p o2.singleton_methods.sort
