# Reopening a constant that is not a class/module names where it was defined;
# class A::X / module A::X of a private constant X is a NameError.
module ClassSpecsModule; end
ClassSpecsNumber = 1
begin; class ClassSpecsModule; end; rescue TypeError => e; p e.message; end
begin; class ClassSpecsNumber; end; rescue TypeError => e; p e.message; end
begin; module ClassSpecsNumber; end; rescue TypeError => e; p e.message; end
class Kls; end
begin; module Kls; end; rescue TypeError => e; p e.message; end
module Cont
  class PrivC; end
  module PrivM; end
  private_constant :PrivC, :PrivM
  class PrivC; def x = 1; end
end
begin; class Cont::PrivC; end; rescue NameError => e; p e.class, e.message; end
begin; module Cont::PrivM; end; rescue NameError => e; p e.class, e.message; end
module Cont; module PrivM; end; end
p :ok
