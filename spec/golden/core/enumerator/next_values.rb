# Enumerator#next_values / #peek_values: one yield's values as an Array.
o = Object.new
def o.each
  yield :a
  yield :b, :c
  yield
  yield nil
  yield [1, 2]
end
e = o.to_enum
p e.next_values, e.peek_values, e.next_values, e.peek, e.next, e.next_values, e.next_values
begin; e.next_values; rescue StopIteration => x; p x.class; end
e.rewind; p e.next, e.peek, e.next_values
a = [1, 2].each; p a.next_values, a.peek_values, a.next, (a.next rescue :stop)
p({ a: 1 }.each.next_values)
e2 = o.to_enum; p 6.times.map { e2.next }
