# chunk, chunk_while, slice_when, slice_before, slice_after stream their source
# (an infinite one too; Lazy's versions stay lazy), chunk's :_alone/:_separator.
s = 0..Float::INFINITY
p s.lazy.chunk_while { |a, b| b == a + 1 && b % 4 != 0 }.first(3)
p s.lazy.slice_when { |a, b| b % 3 == 0 }.first(3)
p s.lazy.slice_before { |n| n % 3 == 0 }.first(3), s.lazy.slice_before(3..4).first(2)
p s.lazy.slice_after(&:odd?).first(3), s.lazy.slice_after(2..3).first(2)
p s.lazy.chunk { |n| n.even? }.first(3), s.lazy.chunk { |n| n }.chunk { |n| n }.first(2).size
p s.lazy.chunk_while { false }.class
p [1, 2, 4, 9, 10, 11, 12, 15].chunk_while { |i, j| i + 1 == j }.to_a
p [1, 2, 4, 9, 10, 11, 12, 15].slice_when { |i, j| i + 1 != j }.to_a
p [3, 1, 4, 1, 5, 9, 2, 6].chunk { |n| n.even? ? :_alone : n > 3 }.to_a
p [1, 2, nil, 3].chunk { _1 && _1.odd? }.to_a, [1, 2, 3].chunk { |x| x == 2 ? :_separator : true }.to_a
begin; [1].chunk { :_foo }.to_a; rescue RuntimeError => e; p e.message; end
p %w[a b # c d # e].slice_before("#").to_a, %w[a b # c d # e].slice_after("#").to_a
p [].chunk_while { true }.to_a, [].slice_before { true }.to_a, [1].slice_when { true }.to_a
e = [1, 2, 4].slice_when { |a, b| b != a + 1 }; p e.to_a, e.to_a, e.size, e.next
h = { a: 1, b: 2 }; p h.chunk_while { |(k1, v1), (k2, v2)| v2 == v1 + 1 }.to_a
