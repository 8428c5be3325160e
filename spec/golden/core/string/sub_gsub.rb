# sub / gsub with strings, regexps, hashes, blocks and backreferences
s = "the cat sat on the mat"
p s.sub("at", "og"), s.gsub("at", "og")
p s.sub(/(\w+) (\w+)/, '\2 \1'), s.gsub(/(\w)at/, '<\1>')
p s.gsub(/\b(\w)/) { $1.upcase }
p s.gsub(/[aeiou]/, "a" => "4", "e" => "3", "o" => "0")
p s.gsub(/at/) { |m| m.upcase }
p s.gsub(/(?<first>\w)(?<rest>\w*)/) { "#{$~[:rest]}#{$~[:first]}ay" }
p s.gsub(/(?<w>cat|mat)/, '[\k<w>]')
p s.gsub("the", "\\0\\0"), s.sub(/xyz/, "q")
p "a.b.c".gsub(".", "-"), "a+b".gsub("+", "\\\\+"), "path/to/file".gsub("/", "::")
p "hello".gsub(/l/, "L" => "!"), "hello".gsub("", "-")
p "aaa".sub("a") { "b" }, "John Smith".sub(/(\w+) (\w+)/, '\2, \1')
t = "mutable string"
p t.sub!("mutable", "changed"), t
p t.sub!("zzz", "y"), t
p t.gsub!(/[aeiou]/, "*"), t
p t.gsub!(/q/, ""), t
p "1,2;3".gsub(/[,;]/, ",", ) rescue p $!
p "x-1 y-22 z-333".gsub(/\d+/) { |d| (d.to_i * 2).to_s }
p "CamelCaseString".gsub(/([A-Z])/) { "_" + $1.downcase }.sub(/^_/, "")
p "snake_case_here".split("_").map.with_index { |w, i| i.zero? ? w : w.capitalize }.join
p "aaa".gsub(/a/).with_index.map { |m, i| "#{m}#{i}" } rescue p $!.class
p "hello world".gsub(/o/, "o" => "0")
p "2+3=5".gsub(/\d/) { |d| (d.to_i + 1).to_s }
p "tel: 555-1234".sub(/(\d{3})-(\d{4})/) { "#{$2}-#{$1}" }
