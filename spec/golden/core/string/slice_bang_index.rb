# String#slice! with an index that is a Float or a #to_int object (it read
# a Regexp match that was not there and segfaulted), String#[] through
# #to_int, and "" * a huge count at once.
p "hello".slice!(0.5)
o = Object.new
def o.to_int = 1
p "hello".slice!(o)
s = "hello"; s =~ /l+/; p s.slice!(/l+/), s
p "hello".slice!(9.9), "hello".slice!(-1.2)
begin; "hello".slice!(nil); rescue TypeError => e; p e.message; end
p "" * (2**30), ("ab" * 3), "hello"[o], "hello"[1.5]
