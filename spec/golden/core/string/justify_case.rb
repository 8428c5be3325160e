# center / ljust / rjust / case conversion / strip family
p "abc".center(9), "abc".center(10, "*"), "abc".center(2), "abc".ljust(6, "12"), "abc".rjust(7, "xy")
p "Hello World".upcase, "Hello World".downcase, "Hello World".swapcase, "hello world".capitalize, "HELLO".capitalize
p "  pad  ".strip, "  pad  ".lstrip, "  pad  ".rstrip, "\t\n pad \n".strip, "xxpadxx".delete_prefix("xx").delete_suffix("xx")
p "line\n".chomp, "line\r\n".chomp, "line".chomp, "line".chop, "line!".chomp("!"), "a\n\n".chomp, "".chop
s = "  mutate  "
p s.strip!, s, s.strip!, s.upcase!, s, s.upcase!
p "title case words".split.map(&:capitalize).join(" ")
p "abc" * 3, "abc" + "def", "a" "b" "c", "x".concat("y", "z"), "ab".prepend(">")
p "%-8s|%8s|" % ["ab", "cd"]
p "Ruby".casecmp("rUBY"), "Ruby".casecmp?("rUBY"), "a".casecmp("b")
p "hello"*0, "abc".reverse, "racecar".reverse == "racecar"
p "snake_case".upcase.tr("_", " ")
table = [["name", "qty"], ["apple", 3], ["kiwi", 12]]
table.each { |n, q| puts n.to_s.ljust(8, ".") + q.to_s.rjust(4) }
