# String indexing and slicing
s = "hello world"
p s[0], s[-1], s[4], s[20], s[-20]
p s[0, 5], s[6, 100], s[11, 1], s[12, 1], s[-5, 3]
p s[0..4], s[0...4], s[6..], s[..4], s[-5..], s[-5..-2], s[3..1], s[11..], s[12..]
p s["world"], s["xyz"], s[/o\s?w/], s[/(l+)o/, 1]
p s.slice(1, 3), s.slice(2..), s.byteslice(0, 3)
t = s.dup
t[0] = "J"
p t
t[-5..] = "there"
p t
t[1, 4] = "ELLO"
p t
t["ELLO"] = "i"
p t
t[/t\w+/] = "all"
p t
u = "abcdef"
p u.slice!(1..2), u
p u.slice!(0), u
p "abc".chars, "abc".bytes, "a\nb\n".lines
p "abcdef".start_with?("ab"), "abcdef".end_with?("ef", "zz"), "abc".include?("bc")
p "hello".index("l"), "hello".rindex("l"), "hello".index("l", 3), "hello".index("z")
p "hello"[1..-2], "hi"[5..], "hi"[2..]
