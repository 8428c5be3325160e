# split with limits and patterns, join
p "a,b,c".split(","), "a,b,,c,,".split(","), "a,b,,c,,".split(",", -1)
p "a b  c\td\n".split, " lead trail ".split, "".split(","), "abc".split("")
p "a,b,c,d".split(",", 2), "a,b,c,d".split(",", 1), "a,b,c,d".split(",", 0)
p "a1b22c333".split(/\d+/), "a1b22c".split(/(\d+)/), "one  two".split(" ")
p "a-b_c".split(/[-_]/), "abc".split(//), "2024-01-15".split("-").map(&:to_i)
p "k1=v1;k2=v2".split(";").map { |kv| kv.split("=") }.to_h
p "a b c".split(" ", 2), "   ".split(" "), "x".split(",")
p [1, 2, 3].join("-"), [1, [2, [3]]].join(","), [].join, ["a", nil, "b"].join("|")
p %w[x y z].join, [1, 2] * ", "
p "line1\nline2\r\nline3".lines, "line1\nline2\r\nline3".lines.map(&:chomp)
p "a\n\nb\n".each_line.to_a, "abc".each_char.to_a
p "one two three".split.map(&:capitalize).join(" ")
p "a  b".split(/\s/), "a,b;c d".split(/[,; ]/)
p "hello world".partition(" "), "a=b=c".rpartition("="), "abc".partition("x")
