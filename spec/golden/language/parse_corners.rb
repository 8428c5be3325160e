# Syntax the real ruby/spec language files use (each used to stop a whole
# spec file at parse time).
x = 10
x /= 2                      # op-assign after a name, not a regexp
p x
p defined?(y /= 2)
@o = Object.new
def @o.m=(a, b, *c, d, e) [a, b, c, d, e] end   # singleton def on an ivar, setter name
p @o.send(:m=, 1, 2, 3, 4, 5)
$g = Object.new
def $g.hello = :hi          # singleton def on a global
p $g.hello
p({:a==>1})                 # :a= => 1
h = {a: 1}
h => a:
p a
case {b: 2}
in b:
  p b
end
