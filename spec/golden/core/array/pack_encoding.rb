# The encoding of Array#pack's result follows CRuby's pack.c: US-ASCII while
# only base64 ('m') has run (and for an empty format), UTF-8 when 'U' comes
# first, ASCII-8BIT as soon as any other directive runs.  Base64.encode64 and
# friends are pack('m') and so return US-ASCII.
require 'base64'

p ["a"].pack("m").encoding
p ["abcdef" * 20].pack("m0").encoding
p [].pack("").encoding
p ["a"].pack("a").encoding
p [233].pack("U").encoding
p [65, 66].pack("CU").encoding
p [233, 65].pack("UC").encoding
p ["a", "b"].pack("mm").encoding
p ["a", 1].pack("mC").encoding

s = ["héllo"].pack("m")
p s
t = s + "é"
p t, t.encoding
p s.ascii_only?, s.valid_encoding?

p Base64.encode64("abc").encoding
p Base64.strict_encode64("abc").encoding
p Base64.urlsafe_encode64("abc").encoding
p Base64.decode64(Base64.encode64("héllo")).encoding
