# Typed loops (codegen/infer.c): Float and Integer mixed in one loop; Float
# values a flonum cannot hold (Infinity, NaN, -0.0, tiny and huge numbers);
# Integer/Float comparisons beyond 2**53.

size = 8
y = 0
acc = 0.0
cnt = 0
while y < size
  c = 2.0 * y / size - 1.0
  x = 0
  while x < size
    v = c * x + 0.5 / size
    cnt += 1 if v > 0.25
    acc += v
    x += 1
  end
  y += 1
end
p acc, cnt

# Infinity / NaN / -0.0 / subnormal values inside the loop
f = 1.0
i = 0
while i < 1100
  f *= 2.0
  i += 1
end
p f
g = f - f
p g, g.nan?
h = -0.0
z = 0.0
i = 0
while i < 3
  z = h * 1.0
  i += 1
end
p z, 1.0 / z
tiny = 1.0
i = 0
while i < 1070
  tiny /= 2.0
  i += 1
end
p tiny, tiny * 2.0 ** 1000

# a Float local divided by an Integer zero
q = 0.0
w = 5.0
k = 0
while k < 2
  q = w / k
  k += 1
end
p q

# Integer compared with Float beyond 2**53 (exact, as CRuby compares)
big = 2**53 + 1
fl = 9007199254740992.0
r = []
i = 0
while i < 3
  r << (big > fl) << (big == fl) << (big - 1 == fl)
  i += 1
end
p r.uniq
b = 2**60
hits = 0
i = 0
while i < 4
  hits += 1 if b + i > 1.152921504606847e18
  hits += 10 if b - i < 1.152921504606847e18
  i += 1
end
p hits

# a read-only local used only with Floats may be an Integer or a Float
def scaled(scale)
  s = 0.0
  i = 0
  while i < 4
    s += 0.25 * scale
    i += 1
  end
  s
end
[3, 2.5, 2**53, 2**53 + 1, 2**64].each { |sc| p scaled(sc) }

# comparisons with NaN are false
nan = 0.0 / 0.0
i = 0
t = 0
while i < 3
  t += 1 if nan < 1.0 || nan >= 1.0 || nan == nan
  t += 100 if nan < 2.0 || !(nan == 1.5)
  i += 1
end
p t
