# coding: us-ascii
# A `coding: us-ascii` magic comment: ASCII literals are US-ASCII, literals
# with \x escapes are ASCII-8BIT (so indexing them is byte-wise).
s = "\xFFab"
p s.encoding
p s.valid_encoding?
p s[1], s[0]
p "abc".encoding
p __ENCODING__
big = "\xFF" * 200_000
n = 0
i = 0
while i < big.size
  n += 1 if big[i] == "\xFF".b
  i += 1
end
p n
