# Top-level public / private without arguments set the visibility of the
# following top-level defs (ruby/spec language/fixtures/def.rb).
def a = 1
public
def b = 2
private
def c = 3
p Object.private_method_defined?(:a), Object.public_method_defined?(:b), Object.private_method_defined?(:c)
p self.b
begin
  self.c
  p :callable
rescue NoMethodError => e
  p e.class
end
class X; def m = 1; end
p X.public_method_defined?(:m)
