# Proc subclasses: .new gives an instance of the subclass, initialized (ruby/spec core/proc/new_spec.rb).
class MyProc < Proc; end
pr = MyProc.new { 1 }
p pr.class, pr.call
class MyProc2 < Proc
  def initialize(a) = (@a = a)
  attr_reader :a
end
q = MyProc2.new(5) { 2 }
p q.class, q.a, q.call
p Proc.new { 3 }.call
begin
  Proc.new(1) { }
rescue ArgumentError => e
  p e.message
end
