# Module#set_temporary_name, temporary names under anonymous modules,
# append_features/prepend_features, undefined_instance_methods, refine.
m = Module.new
m::N = Module.new
p m::N.name.sub(/0x\h+/, "XX")
NamedLater = m
p m::N.name
t = Module.new
p t.set_temporary_name("fake") == t, t.name, t.inspect
t.set_temporary_name(nil)
p t.name
["", "Object", "A::B", "::A"].each do |n|
  begin
    Module.new.set_temporary_name(n)
  rescue ArgumentError => e
    p e.message
  end
end
begin
  String.set_temporary_name("x")
rescue RuntimeError => e
  p e.message
end
outer = Module.new
kept = Module.new
kept.set_temporary_name("kept")
outer::K = kept
p kept.name

log = []
mod = Module.new do
  define_singleton_method(:append_features) { |k| log << [:append, k.name]; super(k) }
  define_singleton_method(:prepend_features) { |k| log << [:prepend, k.name]; super(k) }
  define_singleton_method(:included) { |k| log << [:included, k.name] }
end
class Inc; end
Inc.include(mod)
Inc.prepend(mod) rescue p $!
p log, Inc.ancestors.take(3).size
nop = Module.new { def self.append_features(k) = nil }
class Inc2; end
Inc2.include(nop)
p Inc2.include?(nop)
a = Module.new
b = Module.new { include a }
begin
  a.include(b)
rescue ArgumentError => e
  p e.message
end
begin
  Module.instance_method(:append_features).bind(Class.new).call(Module.new)
rescue TypeError => e
  p e.class
end
fz = Module.new.freeze
begin
  Module.new.send(:append_features, fz)
rescue FrozenError => e
  p e.class
end
p Module.private_instance_methods(false).sort.select { |x| %i[append_features prepend_features private public protected module_function remove_const].include?(x) }
p Class.private_instance_methods.include?(:append_features)

class Undef
  def a; end
  undef_method :a
  undef_method :to_s
end
p Undef.undefined_instance_methods

begin
  Module.new { refine(String) { } }
rescue NotImplementedError => e
  p e.class
end if false
begin
  Module.new { refine("x") { } }
rescue TypeError => e
  p e.message
end
p Module.new.refinements
p Module > Object, (Module > 1 rescue p($!.class)), (Module >= 1 rescue p($!.class))
