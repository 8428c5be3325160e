# Typed loops that run no Ruby code poll every 1024 back-edges (a
# countdown, infer.c ty_cheap): the bail-outs must still happen at the
# exact iteration.  while_loop's shape with `sum` passing 2**62 (a Bignum
# from then on), at iterations that are and are not multiples of 1024,
# and coming back into fixnum range (the typed copy re-entered with the
# countdown where it was).

def run(start, outer, inner)
  sum = start
  i = 0
  while i < outer
    j = 0
    while j < inner
      sum += j
      j += 1
    end
    i += 1
  end
  sum
end

max = 4611686018427387903
p run(0, 50, 10_000)
[max - 49_995_000 * 3, max - 49_995_000 * 3 + 1, max - 1024, max - 1023 * 1024, max].each do |s|
  r = run(s, 4, 10_000)
  p [r, r.class, r - s]
end

# into a Bignum and back out again in one loop
x = max - 3000
k = 0
seen = []
while k < 5000
  x += k < 2500 ? 3 : -3
  k += 1
  seen << x.class if k % 1000 == 0
end
p x, x.class, seen

# negative side: -2**62 - 1 is a Bignum
y = -4611686018427387904 + 5000
j = 0
while j < 200
  y -= j
  j += 1
end
p y, y.class

# a countdown loop inside a method called many times (the counter starts
# over at each call) and with break/next
def count(n)
  c = 0
  i = 0
  while i < n
    i += 1
    next if i == 3
    c += i
    break if c > 1_000_000
  end
  c
end
p (1..2000).sum { |n| count(n) }
