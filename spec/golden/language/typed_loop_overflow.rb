# Typed loops (codegen/infer.c): Integer overflow into Bignum inside a loop
# that runs on unboxed integers must bail out to the generic code at the
# overflowing statement and go on with Bignums.

# doubling past 2**62 and 2**63
x = 1
i = 0
while i < 70
  x *= 2
  i += 1
end
p x, x.class

x = 3
n = 0
while x < 2**64
  x = x + x
  n += 1
end
p x, n

x = 3
n = 0
while n < 64
  x = x + x
  n += 1
end
p x, n

# sum that crosses the fixnum limit part-way through
s = 4611686018427387900
k = 0
while k < 10
  s += k
  k += 1
end
p s

# subtraction below the minimum fixnum
m = -4611686018427387900
k = 0
until k == 10
  m -= k
  k += 1
end
p m

# negating and dividing the minimum fixnum
mn = -4611686018427387904
r = 0
q = 0
j = 0
while j < 1
  r = -mn
  q = mn / -1
  j += 1
end
p r, q, mn

# the overflowing local is not live-in: assigned before use in each iteration
t = nil
i = 0
while i < 4
  t = 4611686018427387903 * i
  i += 1
end
p t

# floor division and modulo with negative operands
a = []
i = -7
while i <= 7
  d = i / 3
  e = i % -3
  f = -i / 2
  a << [d, e, f] if i % 5 == 0
  i += 1
end
p a

i = -7
out = 0
while i <= 7
  out = out * 3 + i / 2 - i % 4
  i += 1
end
p out
