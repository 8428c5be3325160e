# Kernel#singleton_methods: extended modules (and the modules they include)
# with the recursive form, superclass singleton methods once, a private
# redefinition hiding the inherited name.
module M; def m_pub; end; protected def m_pro; end; private def m_pri; end; end
module N; include M; def n_pub; end; end
o = Object.new; o.extend(N); def o.own; end
p o.singleton_methods.sort, o.singleton_methods(false).sort, o.methods(false).sort
class A; def self.a1; end; class << self; protected def a2; end; private def a3; end; end; end
class B < A; def self.b1; end; end
B.extend(M)
p B.singleton_methods.sort, B.singleton_methods(false).sort
class C < A; def self.a1; end; end
p C.singleton_methods.sort
class D < A; class << self; private :a1; end; end
p D.singleton_methods.sort
p Object.new.singleton_methods, 1.singleton_methods
begin; o.singleton_methods(1, 2); rescue => e; puts "#{e.class}: #{e.message}"; end
