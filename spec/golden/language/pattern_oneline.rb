p((1 in Integer))
p(("s" in Integer))
h = {a: 1}
if h in {a: Integer => v}
  p v
end
x = [1, 2] in [_, _]
p x
p((5 in 1..3))
