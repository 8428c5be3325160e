# inspect/to_s/flatten push their receiver on the recursion guard; a raise
# or throw out of an element must drop it, or the next call prints [...]
class X; def inspect; raise "boom"; end; end
a = [1, X.new]
begin; a.inspect; rescue => e; p e.message; end
a.pop
p a
h = {k: X.new}
begin; h.to_s; rescue => e; p e.message; end
h.delete(:k)
p h
b = [[X.new]]
begin; b.flatten.inspect; rescue => e; p e.message; end
b[0].pop
p b.flatten
r = catch(:t) { [Class.new { define_method(:inspect) { throw :t, 5 } }.new].inspect }
p r
p [r, [1]]
