# prepend also prepends the modules the prepended module includes
module Inner; def calc = [:inner] + (defined?(super) ? super : []); end
module Outer; include Inner; def calc = [:outer] + super; end
class Pp; def calc = [:class]; prepend Outer; end
p Pp.ancestors.take(4), Pp.new.calc
m1 = Module.new { def chain = [:m1] + super }
m2 = Module.new { def chain = [:m2] + super }
c = Class.new { def chain = [:c] }
c.prepend(m1, m2)
p c.new.chain
c.prepend(m1)
p c.ancestors.size
