# String#split limits (trailing empty fields, empty matches at the end,
# awk mode and NUL), split and lines with a block.
p "hello".split(//, -1), "hello".split(//, 10), "hello".split(//, 5), "hello".split(//, 3)
p "abc".split(/$/, -1), "abc".split(/x*/, -1), "abc".split(/x*/)
p "hi!".split("", -1), "hi!".split("", 2), "hi!".split("", 5), "hi!".split("", 3), "hi!".split("", 4)
p "1,2,".split(",", 3), "1,2,".split(",", 4), "1,2".split(",", 3)
p "h.i.!.".split(/(\.)/, -1)
p "hi!".split(/()/, -1)
p "".split(//, -1), "".split("", -1), "".split(",", -1)
p "a b ".split(" ", -1), "a b".split(" ", -1)
a = []
r = "one\ntwo\r\nthree".lines { |l| a << l }
p r, a
a = []
p "hello\nworld".lines("l") { |x| a << x }
p a
p "a\n".each_line.to_a
p "h\ni".split(//, -1)
p "hi!".split("", -1)
p "1,2,".split(",", 2)
p "1,2,,".split(",", 5)
p "a\0a b".split(" ")
r = "chunky".split("") { |x| }
p r
