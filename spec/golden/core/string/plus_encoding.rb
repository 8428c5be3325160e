# encoding: utf-8
# String#+ takes the encoding both operands are compatible with (rb_enc_check):
# an ASCII-only side adopts the other's, an empty side too, else
# Encoding::CompatibilityError.
b = "\xFF\x00".b
u = "é"
a = "foo"
us = "abc".encode("US-ASCII")
[[a, b], [b, a], [u, a], [a, u], [us, a], [a, us], [us, u], [u, us], ["", b], [b, ""], ["", us], [us, ""], [b, b], ["é".b, "x"]].each do |x, y|
  r = x + y
  p [r, r.encoding]
end
begin
  u + b
rescue => e
  p e.class, e.message
end
begin
  b + u
rescue => e
  p e.class, e.message
end
p ("a".encode("UTF-16LE") + "b".encode("UTF-16LE")).encoding
begin
  "a".encode("UTF-16LE") + "b"
rescue => e
  p e.class, e.message
end
s = "x" * 3 + "y"
p s, s.encoding
