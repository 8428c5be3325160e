# Multiple assignment from an object whose #to_ary gives neither an Array nor
# nil raises TypeError (ruby/spec language/variables_spec.rb).
o = Object.new
def o.to_ary = 1
begin
  a, b = o
rescue TypeError => e
  p e.message
end
def o.to_ary = nil
a, b = o
p [a.class, b]
