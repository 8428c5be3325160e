# String#<< and #concat pick the result's encoding as CRuby does: an empty
# or ASCII-only receiver takes the argument's encoding, two non-ASCII texts
# in different encodings raise Encoding::CompatibilityError.
s = "".b
s << "é"
p s.encoding, s
t = String.new
t << "abc"
p t.encoding
u = "x".b
u << "é"
p u.encoding
v = "".b
v.concat("é")
p v.encoding
w = "é"
w << "a".b
p w.encoding
begin
  x = "\xFF".b
  x << "é"
rescue Encoding::CompatibilityError => e
  p e.message
end
begin
  y = "é"
  y << "\xFF".b
rescue Encoding::CompatibilityError => e
  p e.message
end
z = "ab".force_encoding("US-ASCII")
z << "é"
p z.encoding
