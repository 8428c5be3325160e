# A parameter default is one expression: `a = b = c = v, d = 2` chains the
# assignment and d stays a separate parameter.
def foo(a = b = c = {})
  [a, b, c]
end
p foo, foo(1)
x, y, z = foo
p x.equal?(y), x.equal?(z), foo[0].equal?(foo[0])
begin
  foo(1, 2)
rescue ArgumentError => e
  puts e.message
end
def bar(a = b = c = 1, d = 2)
  [a, b, c, d]
end
p bar, bar(3), bar(3, 4)
begin
  bar(3, 4, 5)
rescue ArgumentError => e
  puts e.message
end
def kw(a: b = 1, c: 2) = [a, b, c]
p kw, kw(a: 5), kw(c: 3)
pr = proc { |a = (b = 7), d = 8| [a, b, d] }
p pr.call, pr.call(1), pr.call(1, 2)
