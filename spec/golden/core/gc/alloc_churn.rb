# allocation churn: many short-lived objects, strings and arrays; results must survive collections
Node = Struct.new(:val, :nxt)
total = 0
200.times do |round|
  head = nil
  1000.times { |i| head = Node.new(i + round, head) }
  s = 0
  n = head
  while n
    s += n.val
    n = n.nxt
  end
  total += s
end
p total
keep = []
100_000.times { |i| str = "s#{i}"; keep << str if i % 1000 == 0 }
p keep.size, keep.last, keep.sum(&:size)
arrays = Array.new(1000) { |i| Array.new(100) { |j| i * j } }
p arrays.sum(&:sum), arrays[999][99]
h = {}
50_000.times { |i| h["k#{i % 5000}"] = [i] * 3 }
p h.size, h["k4999"], h.values.sum(&:first)
big = (1..200).map { |i| "x" * i * 100 }
p big.sum(&:size), big.last.size
syms = (1..1000).map { |i| :"sym_#{i}" }
p syms.uniq.size, syms.last
