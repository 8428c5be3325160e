# Typed loops (codegen/infer.c): break / next / redo, nested loops, until,
# while and until modifiers, begin..end while, the loop's value.

i = 0
s = 0
while true
  i += 1
  next if i % 3 == 0
  break if i > 20
  s += i
end
p i, s

i = 0
s = 0
r = 0
while i < 6
  i += 1
  if r < 2 && i == 4
    r += 1
    s += 100
    redo
  end
  s += i
end
p i, s, r

a = 0
b = 10
until a >= b
  a += 2
  b -= 1
end
p a, b

n = 1
n *= 3 while n < 1000
p n
m = 1000
m /= 2 until m < 10
p m

k = 0
begin
  k += 5
end while k < 3
p k
k = 0
begin
  k += 5
end until k > 12
p k

# nested loops with break/next at both levels and a shared counter
total = 0
x = 0
while x < 10
  x += 1
  next if x == 2
  y = 0
  while y < 10
    y += 1
    next if y % 2 == 0
    break if y > x
    total += x * y
  end
  break if total > 300
end
p x, total

# value of a loop expression
v = while false do end
p v
w = (z = 0; z += 1 while z < 5)
p w, z

# loops in methods, unless/else/ternary inside
def collatz(n)
  steps = 0
  until n == 1
    n = n % 2 == 0 ? n / 2 : 3 * n + 1
    steps += 1
  end
  steps
end
p collatz(27), collatz(97)

def gcd(a, b)
  while b != 0
    t = b
    b = a % b
    a = t
  end
  a
end
p gcd(1071, 462), gcd(-48, 18)

def prime_count(n)
  c = 0
  i = 2
  while i <= n
    j = 2
    pr = 1
    while j * j <= i
      unless i % j != 0
        pr = 0
        break
      end
      j += 1
    end
    c += pr
    i += 1
  end
  c
end
p prime_count(1000)
