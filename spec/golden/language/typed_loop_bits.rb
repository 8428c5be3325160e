# Typed loops (codegen/infer.c): Integer & | ^ << >> on unboxed integers
# (shifts past the fixnum range and negative counts go back to the generic
# code), and read-only locals of an enclosing scope (block env).

h = 0
i = 0
while i < 1000
  h = (h * 31 + i) & 0xffffffff
  h ^= h >> 7
  h |= 1 if i % 100 == 0
  i += 1
end
p h

# left shift into Bignum territory and back
v = 1
s = 0
while s < 70
  v = 1 << s
  s += 7
end
p v
w = 12345
s = 0
r = []
while s < 66
  r << (w << s)
  s += 13
end
p r
x = -9876543210
s = -3
out = 0
while s < 70
  out = out * 2 + ((x >> s) & 7)
  s += 9
end
p out

# captured read-only locals: the loop runs typed over values of the block env
limit = 500
mask = 0x3f
res = [1, 2, 3].map do |k|
  acc = 0
  j = 0
  while j < limit
    acc += (j ^ k) & mask
    j += 1
  end
  acc
end
p res

# ... and sees a captured local changed by another thread mid-loop
stop = 1 << 40
t = Thread.new do
  n = 0
  n += 1 while n < stop
  n
end
sleep 0.05
stop = 1000
p t.value >= 1000
lim = 10
f = -> { q = 0; q += 3 while q < lim; q }
p f.call
lim = 2.5
begin
  p f.call
rescue => e
  p e.class
end
lim = nil
begin
  f.call
rescue => e
  puts e.message
end
