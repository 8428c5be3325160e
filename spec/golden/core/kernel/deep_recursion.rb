# deep (non-tail) recursion within CRuby's default stack
def depth(n) = n.zero? ? 0 : 1 + depth(n - 1)
p depth(5_000)
def sum_list(a, i = 0) = i == a.size ? 0 : a[i] + sum_list(a, i + 1)
p sum_list((1..3000).to_a)
def ackermann(m, n)
  if m.zero? then n + 1
  elsif n.zero? then ackermann(m - 1, 1)
  else ackermann(m - 1, ackermann(m, n - 1))
  end
end
p ackermann(2, 3), ackermann(3, 3)
def hanoi(n, from, to, via, moves)
  return moves if n.zero?
  hanoi(n - 1, from, via, to, moves)
  moves << [from, to]
  hanoi(n - 1, via, to, from, moves)
end
m = hanoi(10, :a, :c, :b, [])
p m.size, m.first(3), m.last
def flatten_deep(x, out = [])
  if x.is_a?(Array)
    i = 0
    while i < x.size
      flatten_deep(x[i], out)
      i += 1
    end
  else
    out << x
  end
  out
end
nested = (1..500).inject([0]) { |acc, i| [acc, i] }
p flatten_deep(nested).size, flatten_deep(nested).last
