# Enumerable argument errors as CRuby: arity of any?/all?/none?/one?/cycle/inject,
# chunk_while/slice_when without a block, slice_before/after patterns, min_by(-1),
# and Enumerable#to_h's element errors.
def t; yield; rescue ArgumentError => e; p e.message; else p :noerr; end
a = [1, 2, 3].each_entry  # Enumerator includes Enumerable
o = Object.new; o.extend(Enumerable); def o.each(*a) = [1, 2, 3].each { yield _1 }
t { o.all?(1, 2) }
t { o.any?(1, 2) }
t { o.none?(1, 2) }
t { o.one?(1, 2) }
t { o.chunk_while }
t { o.slice_when }
t { o.cycle(1, 2) }
t { o.inject }
t { o.min_by(-1) { _1 } }
t { o.max_by(-1) { _1 } }
t { o.slice_after(1) { } }
t { o.slice_after }
t { o.slice_after(1, 2) }
t { o.slice_before(1) { } }
t { o.slice_before }
t { o.slice_before(1, 2) }
t { o.to_h { [1] } }
t { o.to_h { [1, 2, 3] } }
def t2; p yield; rescue => e; p [e.class, e.message]; end
t2 { o.to_h { [1] } }
t2 { o.to_h { 5 } }
t2 { o.to_h { [_1, _1 * 2] } }
m = Object.new; def m.to_ary = [:k, :v]
t2 { o.to_h { m } }
t2 { o.each_slice(2).to_h }
t2 { o.to_h }
