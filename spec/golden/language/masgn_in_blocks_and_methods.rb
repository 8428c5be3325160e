def minmax(a) = [a.min, a.max]
lo, hi = minmax([5, 3, 9])
p lo, hi
def split_name(full)
  first, *middle, last = full.split
  { first:, middle:, last: }
end
p split_name("John Ronald Reuel Tolkien"), split_name("Ann Lee")
pairs = { a: 1, b: 2 }.map { |k, v| [v, k] }
p pairs
x, y = 0, 1
10.times { x, y = y, x + y }
p x
a = [1, 2, 3]
a[0], a[2] = a[2], a[0]
p a
h = {}
h[:k], (h[:m], h[:n]) = 1, [2, 3]
p h
def swap_pairs(list) = list.map { |(a, b)| [b, a] }
p swap_pairs([[1, 2], [3, 4]])
first, (second, third) = "a", %w[b c]
p [first, second, third]
*, last = [1, 2, 3]
p last
head, = [9, 8]
p head
