# Class#subclasses (live direct subclasses, newest first), Class.allocate's
# uninitialized class and Class#initialize's checks
class P1; end
class C1 < P1; end
class C2 < P1; end
module Mx; end
class C3 < C1; include Mx; end
p P1.subclasses, C1.subclasses, C3.subclasses
c = Class.new(P1)
p P1.subclasses.size
k = Class.allocate
p k.constants, k.methods.size > 0
begin; k.new; rescue => e; p e.class; end
begin; k.superclass; rescue => e; p e; end
begin; Integer.send(:initialize); rescue => e; p e; end
begin; BasicObject.send(:initialize); rescue => e; p e; end
begin; Class.allocate.send(:initialize, Class); rescue => e; p e; end
p Class.private_methods(false).include?(:initialize)
c = Class.new(String) { def hi = 1 }
p c.superclass, c.new.hi
