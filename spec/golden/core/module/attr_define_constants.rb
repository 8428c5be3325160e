# Module#attr with a boolean (obsolete form), define_method of initialize is
# private and raises FrozenError on a frozen class, #constants lists a
# shadowed name once
c = Class.new do
  p attr(:foo, true), attr(:baz, false), attr(:a, "b")
  define_method(:initialize) { }
end
p c.public_instance_methods(false).sort, c.private_instance_methods(false)
begin; Class.new.freeze.send(:define_method, :x) { }; rescue => e; p e.class; end
module CA; X = 1; end
module CB; include CA; X = 2; end
p CB.constants
