# Typed method entries (codegen/typed_entry.c): recursive Integer methods
# run a second C body while their arguments are fixnums.  Every slow path
# must behave exactly like the generic body.

def fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)
p fib(20)

# 1. results overflow into Bignums mid-recursion (* and + of call results)
def pw(n) = n == 0 ? 1 : 2 * pw(n - 1)
p pw(10), pw(61), pw(62), pw(63), pw(130)
def fact(n) = n <= 1 ? 1 : n * fact(n - 1)
p fact(20), fact(21), fact(30)
def fibl(n, a, b) = n == 0 ? a : fibl(n - 1, b, a + b)
p fibl(90, 0, 1), fibl(93, 0, 1), fibl(200, 0, 1)

# 2. an argument overflows into a Bignum on the way down
def up(n, k) = k == 0 ? n : up(n + 1, k - 1)
p up(2**62 - 3, 6)
p up(-2**62 + 1, 0)
def down(n, k) = k == 0 ? n : down(n - 1, k - 1)
p down(-2**62 + 2, 5)

# 3. Bignum, Float and other arguments take the generic body
p fib(2**64 - 2**64 + 15)
p fib(10.0)
p fib(9.5)
p pw(3.0)
p up(1.5, 3)
p fib(Rational(7, 1)) rescue p $!.class

# 4. a Float comes back from a call: the + that follows is Float#+
def mix(n) = n == 0 ? 0.5 : mix(n - 1) + n
p mix(4)
def nilly(n) = n == 0 ? nil : nilly(n - 1)
p nilly(5)
def truth(a, b) = a == 0 ? b > 2 : truth(a - 1, b + 1)
p truth(3, 0), truth(0, 0)

# 5. a NoMethodError raised inside the typed body: message and the line of
#    every frame
def boom(n)
  if n == 0
    nil
  else
    boom(n - 1) +
      n
  end
end
begin
  boom(3)
rescue NoMethodError => e
  p e.message
  p e.backtrace_locations.map(&:lineno)
  p e.backtrace_locations.map(&:label).uniq
end

# 6. comparison operators on every path
def cmpall(a, b) = a == 0 ? [b < 3, b <= 3, b > 3, b >= 3, b == 3, b != 3] : cmpall(a - 1, b + 1)
p cmpall(3, 0), cmpall(2, 0), cmpall(4, 0)

# 7. unless, return guards, multi-statement bodies
def ack(m, n)
  return n + 1 if m == 0
  return ack(m - 1, 1) if n == 0
  ack(m - 1, ack(m, n - 1))
end
p ack(2, 3), ack(3, 3)
def odd(n)
  unless n == 0
    1 - odd(n - 1)
  else
    0
  end
end
p odd(7), odd(10)
def tak(x, y, z)
  if y < x
    tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y))
  else
    z
  end
end
p tak(18, 12, 6)

# 8. deep recursion still raises SystemStackError, and fib(2**62) too
def depth(n) = n == 0 ? 0 : 1 + depth(n - 1)
p depth(5000)
begin
  depth(10**8)
rescue SystemStackError => e
  p e.class, e.message
end
begin
  fib(2**62)
rescue SystemStackError => e
  p e.class
end
p fib(15)
