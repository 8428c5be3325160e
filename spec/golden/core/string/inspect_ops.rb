# String inspect escaping, UTF-8 awareness, common operations
p "a\"b\\c", "tab\t nl\n cr\r esc\e bell\a", "\u00e9t\u00e9", "\x00\x01\x7f", "#{1}\#{x} \#$y #z"
p "\xff\xfe".force_encoding("UTF-8"), "caf\u00e9".b, "\u{1F600}", :sym, :"with space", "日本語".length, "日本語".bytesize
s = "héllo wörld"
p s.upcase, s.capitalize, s.swapcase, s.reverse, s[1], s[1, 4], s[-5..], s.index("w"), s.chars.first(3)
p s.center(17, "*"), s.ljust(14, "."), s.rjust(14), s.tr("lo", "01"), s.delete("l"), s.squeeze, s.count("lo")
p "  hi  ".strip, "xxhixx".delete_prefix("xx"), "line\n".chomp, "abc".chop, "a,b,,c,,".split(","), "a b  c".split
p "a,b,c".split(",", 2), "abc".split(""), "a1b2c3".split(/\d/), "2024-01-15".split("-").map(&:to_i), " a b ".split(" ", -1)
p "hello world".sub("o", "0"), "hello world".gsub("o", "0"), "hello".gsub(/l/) { |m| m.upcase }, "cat hat".gsub(/(\w)at/, '\1og')
p "hello"[1..3], "hello"[-3, 2], "hello".slice(0), "hello".start_with?("he"), "hello".end_with?("lo", "x"), "hello" * 3
p "az".succ, "zz".succ, "a9".succ, "Zz".succ, "1.9".succ, "abc" <=> "abd", "a".ord, "abc".sum, "abc".hash == "abc".hash
p "%s and %p" % ["str", "str"], "%05d|%-6s|%x" % [42, "ab", 255], "snake_case_word".split("_").map(&:capitalize).join
p "Hello World".scan(/o/), "a1b22c333".scan(/[a-z]\d+/), "k1=v1;k2=v2".scan(/(\w+)=(\w+)/), "abc".each_char.to_a
p "hello world".partition(" "), "a-b-c".rpartition("-"), "%-5s|" % "ab", "abc".include?("bc"), "ab\ncd\n".lines
p "ruby" =~ /b/, $~[0], "CamelCaseString".gsub(/([A-Z])/) { "_" + $1.downcase }.sub(/^_/, ""), "x".encoding
h = "hello"
h << " there" << 33
p h, h.frozen?, "lit".frozen?, h.length, h.insert(5, ","), h.prepend(">> "), h.replace("new")
