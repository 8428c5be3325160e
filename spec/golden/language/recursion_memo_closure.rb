def memoize(f)
  cache = {}
  ->(n) { cache.key?(n) ? cache[n] : (cache[n] = f.(n)) }
end
slow_calls = 0
fib = nil
fib = memoize(->(n) { slow_calls += 1; n < 2 ? n : fib.(n - 1) + fib.(n - 2) })
p fib.(80), slow_calls
def collatz(n, steps = 0) = n == 1 ? steps : collatz(n.even? ? n / 2 : 3 * n + 1, steps + 1)
p (1..10).map { collatz(_1) }
def power_set(s) = s.empty? ? [[]] : power_set(s[1..]).flat_map { |x| [x, [s[0]] + x] }
p power_set([1, 2, 3]).sort
def qsort(a)
  return a if a.size <= 1
  pivot, *rest = a
  left, right = rest.partition { _1 < pivot }
  qsort(left) + [pivot] + qsort(right)
end
p qsort([5, 2, 8, 1, 9, 3, 5])
def depth(tree) = tree.is_a?(Array) ? 1 + (tree.map { depth(_1) }.max || 0) : 0
p depth([1, [2, [3, [4]]], []])
Y = ->(f) { ->(x) { x.(x) }.(->(x) { f.(->(v) { x.(x).(v) }) }) }
fact = Y.(->(slf) { ->(n) { n.zero? ? 1 : n * slf.(n - 1) } })
p fact.(10)
