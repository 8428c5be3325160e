# bench: single-thread compute — recursive method calls, fib(36).
# ops = number of fib calls
SCALE = 1
def fib(n)
  n < 2 ? n : fib(n - 1) + fib(n - 2)
end
n = 36 + SCALE - 1
r = fib(n)
puts "fib(#{n}) = #{r}"
# calls(n) = 2 * fib(n + 1) - 1, computed iteratively (not timed work)
a, b = 0, 1
(n + 1).times { a, b = b, a + b }
calls = 2 * a - 1
puts "ops: #{calls}"
