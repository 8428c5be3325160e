# dup calls initialize_dup(orig), clone calls initialize_clone(orig) — with
# freeze: when the caller passed true/false — and Kernel's versions call
# initialize_copy (CRuby's protocol; OpenStruct relies on initialize_dup).
class Log
  def self.trace; @trace ||= []; end
end
class A
  attr_accessor :v
  def initialize(v) = @v = v
  private def initialize_dup(o)
    Log.trace << [:dup, o.v]
    super
  end
  private def initialize_clone(o, **kw)
    Log.trace << [:clone, o.v, kw]
    super
  end
  def initialize_copy(o)
    Log.trace << [:copy, o.v]
    super
  end
end
a = A.new(1)
a.dup; a.clone; a.clone(freeze: true); a.clone(freeze: false); a.clone(freeze: nil)
Log.trace.each { |t| p t }
p a.clone(freeze: true).frozen?, a.freeze.clone.frozen?, a.dup.frozen?, a.clone(freeze: false).frozen?

class B
  def initialize_copy(o) = (puts "B copy")
end
B.new.dup
B.new.clone(freeze: true)

class C
  def initialize_clone(o) = super
end
begin
  C.new.clone(freeze: true)
rescue ArgumentError => e
  p e.message
end
C.new.clone
p :c_ok

o = Object.new
begin
  o.send(:initialize_clone, Object.new, foo: 1)
rescue ArgumentError => e
  p e.message
end
begin
  o.send(:initialize_clone, Object.new, freeze: 1)
rescue ArgumentError => e
  p e.message
end
p A.private_instance_methods(false).sort

require 'ostruct'
os = OpenStruct.new(name: "John", age: 70).freeze
d = os.dup
p d.frozen?, d.age
d.age = 42
p d.age, os.age
c = os.clone
p c.frozen?
begin
  c.age = 1
rescue => e
  p e.class
end
