# golden: ruby31
# Fiddle.dlwrap/dlunwrap, Pointer#to_value, Fiddle::Pinned, Function#to_proc.
require 'fiddle'
x = "abc"; a = Fiddle.dlwrap(x); p a.class, Fiddle.dlunwrap(a).equal?(x), Fiddle::Pointer.new(a).to_value.equal?(x)
pn = Fiddle::Pinned.new(x); p pn.ref.equal?(x), pn.cleared?; pn.clear; p pn.cleared?
begin; pn.ref; rescue => e; p e.class, e.message, e.class.ancestors[1]; end
p Fiddle.dlwrap(5), Fiddle.dlwrap(nil), Fiddle.dlunwrap(11), Fiddle.dlwrap(true), Fiddle.dlwrap(:sym).class
f = Fiddle::Function.new(Fiddle::Handle::DEFAULT["abs"], [Fiddle::TYPE_INT], Fiddle::TYPE_INT).to_proc
p f.lambda?, f.arity, f.call(-4), [-1, -2, 3].map(&f)
