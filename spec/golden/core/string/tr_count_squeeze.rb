# tr / tr_s / delete / squeeze / count with character classes
p "hello".tr("el", "ip"), "hello".tr("a-y", "b-z"), "hello".tr("^l", "*"), "hello".tr("lo", "x")
p "aabbcc".tr_s("abc", "xyz"), "hello".delete("l"), "hello".delete("a-k"), "hello world".delete("^a-z")
p "aaabbbccc   dd".squeeze, "aaabbbccc   dd".squeeze("a-b"), "mississippi".squeeze("sp")
p "hello world".count("lo"), "hello world".count("a-z"), "hello world".count("^a-z"), "hello".count("lo", "o")
s = "buffer"
p s.tr!("f", "F"), s, s.tr!("z", "q"), s
p s.delete!("F"), s, s.squeeze!, s.squeeze!("z")
p "ruby-is-fun".tr("-", " "), "ABC".tr("A-Z", "a-z"), "a\\b".tr("\\", "/")
p "12345".tr("1-5", "a"), "hello".tr("", "x"), "a-b".tr("a\\-b", "xyz")
