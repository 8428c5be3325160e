# Module#remove_class_variable (ruby/spec language/class_variable_spec.rb).
class A
  @@x = 1
end
p A.send(:remove_class_variable, :@@x)
p A.class_variable_defined?(:@@x)
begin
  A.send(:remove_class_variable, :@@x)
rescue NameError => e
  p e.class, e.message
end
begin
  A.send(:remove_class_variable, :x)
rescue NameError => e
  p e.message
end
class B < A; end
A.class_variable_set(:@@y, 2)
begin
  B.send(:remove_class_variable, :@@y)
rescue NameError => e
  p e.message
end
p A.public_method_defined?(:remove_class_variable)
