# String comparison, hashing, equality, as hash keys, dup/clone/freeze semantics
a = "apple"
b = "apple".dup
p a == b, a.eql?(b), a.equal?(b), a.hash == b.hash, a <=> "banana", "Z" <=> "a", "a" * 3 <=> "aaa"
h = {a => 1}
p h["apple"], h.key?(b)
k = +"mutable key"
h2 = {k => :v}
k << " changed"
p h2.keys.first, h2.keys.first.frozen?, h2["mutable key"]
c = a.clone
d = a.dup
a.freeze
p a.frozen?, a.clone.frozen?, a.dup.frozen?, c.frozen?, d.frozen?, a.clone(freeze: false).frozen?
p %w[pear Apple banana apple Banana].sort, %w[pear Apple banana apple Banana].sort_by { [_1.downcase, _1] }, %w[pear Apple banana apple].max
p "abc".casecmp?("ABC"), "abc".eql?("ABC"), "a".ord < "b".ord, "10" < "9", "10".to_i < "9".to_i
p ["b", "a"].minmax, "same".equal?("same"), :sym.to_s.equal?(:sym.to_s)
s1 = "x"
s2 = s1
s2 << "y"
p s1, s1.equal?(s2)
s3 = s1 + "z"
p s1, s3
