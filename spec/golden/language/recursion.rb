def fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)
def fact(n) = n <= 1 ? 1 : n * fact(n - 1)
def ack(m, n)
  if m == 0 then n + 1
  elsif n == 0 then ack(m - 1, 1)
  else ack(m - 1, ack(m, n - 1))
  end
end
def hanoi(n, from, to, via, moves)
  return moves if n == 0
  hanoi(n - 1, from, via, to, moves)
  moves << [from, to]
  hanoi(n - 1, via, to, from, moves)
end
def flatten_deep(a) = a.each_with_object([]) { |x, acc| x.is_a?(Array) ? acc.concat(flatten_deep(x)) : acc << x }
def permutations(xs)
  return [xs] if xs.size <= 1
  xs.flat_map { |x| permutations(xs - [x]).map { |rest| [x] + rest } }
end
def gcd(a, b) = b == 0 ? a : gcd(b, a % b)
p (0..15).map { |i| fib(i) }
p fact(20)
p fact(25)
p ack(2, 3)
p hanoi(3, :a, :c, :b, []).length
p hanoi(2, :a, :c, :b, [])
p flatten_deep([1, [2, [3, [4]], 5]])
p permutations([1, 2, 3])
p gcd(1071, 462)
def even?(n) = n == 0 ? true : odd?(n - 1)
def odd?(n) = n == 0 ? false : even?(n - 1)
p [even?(10), odd?(7), even?(3)]
