s = +""
5.times { |i| s << i.to_s << "," }
p s
parts = []
%w[a b c].each_with_index { |w, i| parts << "#{i}:#{w}" }
p parts.join(" ")
str = "hello world"
p str.split.map(&:capitalize).join(" ")
p str.sub("world") { |m| m.upcase }
p str.gsub(/o/, "0")
p str.tr("lo", "01")
p str.chars.tally.max_by { |_, v| v }
p str.each_char.with_index.select { |c, i| c == "o" }.map(&:last)
p str * 2, str.center(21, "*")
p "%s has %d items" % ["cart", 3]
p "a,b,,c".split(","), "a b  c".split
line = "key=value; other=thing"
p line.scan(/(\w+)=(\w+)/)
p line.split("; ").to_h { |kv| kv.split("=") }
p "abc".succ, "az".succ, "zz".succ
p "Hello"[1..3], "Hello"[-1], "Hello".index("l"), "Hello".rindex("l")
p "snake_case_name".split("_").map.with_index { |w, i| i.zero? ? w : w.capitalize }.join
p "  trim  ".strip, "xxhixx".delete("x"), "aaa".squeeze
p "abc".bytes, "abc".ord, 97.chr
p "ruby" <=> "rubx", "a" * 3 + "b"
p "multi\nline\ntext".lines.map(&:chomp)
p "CamelCaseString".gsub(/([A-Z])/) { "_" + $1.downcase }.delete_prefix("_")
