# Kernel#binding: the locals a binding sees (its scope's, enclosing blocks',
# including those assigned after the call), by reference; Binding's
# local_variable_* methods, receiver, source_location, dup; CRuby's errors.
def addr(s) = s.gsub(/0x\h+/, "0x...")

def method_scope(q)
  b = binding
  z = 3
  p b.local_variables
  p b.local_variable_get(:q), b.local_variable_get(:z)
  b.local_variable_set(:z, 9)
  p z
  z = 10
  p b.local_variable_get("z")
  b.local_variable_set(:fresh, 1)
  p b.local_variables, b.local_variable_defined?(:fresh), b.local_variable_get(:fresh)
  p binding.local_variable_defined?(:fresh)
  p local_variables
  b
end

b = method_scope(7)
p b.receiver.equal?(self), b.class
p b.source_location == [__FILE__, 7]
p b.local_variable_get(:z)          # the method returned; its locals live on

a = 1
[10].each do |x|
  y = 2
  bb = binding
  p bb.local_variables
  bb.local_variable_set(:a, 100)
  bb.local_variable_set(:x, 11)
  p [a, x]
end
p a

shadow = 1
p proc { |shadow| binding.local_variables.count(:shadow) }.call(2)
p proc { |shadow| binding.local_variable_get(:shadow) }.call(2)
p [1].map { _1; binding.local_variables.first }
p [1].map { it; binding.local_variable_defined?(:it) }

# a proc and a binding share the variable
counter = 0
inc = -> { counter += 1 }
cb = binding
inc.call
p cb.local_variable_get(:counter)
cb.local_variable_set(:counter, 40)
inc.call
p counter

class Widget
  def initialize; @secret = 5; end
  def scope
    w = :local
    binding
  end
end
wb = Widget.new.scope
p wb.receiver.class, wb.local_variable_get(:w)
p Object.new.instance_eval { binding.receiver.class }

# dup: shares the scope's locals, not variables set on the copy afterwards
d1 = Widget.new.scope
d2 = d1.dup
d1.local_variable_set(:w, :changed)
p d2.local_variable_get(:w)
d1.local_variable_set(:only_d1, 1)
p d2.local_variable_defined?(:only_d1), d1.local_variable_defined?(:only_d1)

class NameLike
  def to_str = "w"
end
p wb.local_variable_get(NameLike.new)

[[:nope, :get], [:"1", :get], [:$x, :set], [:Foo, :defined?], [:"a?", :get], [:@iv, :get]].each do |name, op|
  begin
    case op
    when :get then wb.local_variable_get(name)
    when :set then wb.local_variable_set(name, 1)
    else wb.local_variable_defined?(name)
    end
  rescue NameError => e
    puts "#{e.class}: #{addr(e.message)} (#{e.name.inspect})"
  end
end
begin
  wb.local_variable_get(1)
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
begin
  Binding.new
rescue NoMethodError => e
  puts e.message
end
p Binding.ancestors.include?(Kernel)
