# Slow paths of the recursive-call fast path: Bignum results, deep
# recursion, backtrace lines and labels from recursive frames, and
# Integer operators redefined while a recursion runs.

# fixnum overflow into Bignum inside the recursion (both directions)
def dbl(n) = n == 0 ? 4611686018427387903 : dbl(n - 1) + dbl(n - 1)
p dbl(3)
def ndbl(n) = n == 0 ? -4611686018427387904 : ndbl(n - 1) + ndbl(n - 1)
p ndbl(3)
def fib(n)
  n < 2 ? n : fib(n - 1) + fib(n - 2)
end
p fib(20)
p fib(4611686018427387904 - 4611686018427387900)   # a Bignum argument folded back
def down(n) = n < 4611686018427387900 ? n : down(n - 1)
p down(4611686018427387905)                       # Bignum n, fixnum once below
p fib(2.5)                                          # Float argument

# deep recursion ends in SystemStackError, and the program goes on
def deep(n) = deep(n + 1) + 1
begin
  deep(0)
rescue SystemStackError => e
  puts "#{e.class}: #{e.message}"
end
def deep3(a, b, c) = deep3(b, c, a + 1)
begin
  deep3(1, 2, 3)
rescue SystemStackError => e
  puts "#{e.class}: #{e.message}"
end
p fib(15)

# backtraces from inside a recursion: lines and labels
def boom(n)
  if n == 0
    raise ArgumentError, "bottom"
  end
  boom(n - 1)
end
begin
  boom(3)
rescue => e
  puts e.backtrace.first(5)
end
def trail(n) = n == 0 ? caller(0, 4) : trail(n - 1)
puts trail(5)
class Calc
  def fact(n)
    return 10 / (n - n) if n == 0
    n * fact(n - 1)
  end
end
begin
  Calc.new.fact(3)
rescue => e
  puts e.message
  puts e.backtrace.first(5)
end

# Integer#- redefined while fib recurses: the very next `n - 1` uses it
$calls = 0
def fib2(n)
  if n == 8 && $calls == 0
    $calls = 1
    Integer.class_eval do
      alias_method :orig_minus, :-
      define_method(:-) { |o| $calls += 1; orig_minus(o) }
    end
  end
  n < 2 ? n : fib2(n - 1) + fib2(n - 2)
end
p fib2(12)
p $calls > 1
class Integer
  alias_method :-, :orig_minus
end

# base cases answered before the frame push: every form, and what must
# fall back to the full body
def g1(n)
  return n if n <= 1
  g1(n - 1) + 1
end
def g2(n)
  return :neg unless n >= 0
  g2(n - 1)
end
def g3(a, b) = a == b ? nil : g3(a + 1, b)
def g4(a, b) = 10 != a ? g4(a + 1, b) : b
def g5(n) = 3 > n ? true : g5(n - 1)
p g1(5), g2(3), g3(1, 4), g4(7, :b), g5(9)
p g1(1.5), g2(-2**64), g1(-2**64), g3(2**70, 2**70)
p g3(1, 1.0), g4(10.0, 2)

# Integer#< and Integer#+ redefined: every comparison goes through them
$lt = 0
class Integer
  alias_method :orig_lt, :<
  def <(o)
    $lt += 1
    orig_lt(o)
  end
end
p fib(12), $lt
class Integer
  alias_method :orig_plus, :+
  def +(o) = orig_plus(o).orig_plus(1)
end
p fib(10)
