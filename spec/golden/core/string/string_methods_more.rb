# more common String methods
s = "Hello, World"
p s.length, s.reverse, s.include?("World"), s.count("l"), s.index("o"), s.sum
p s.each_char.first(3), s.chars.last(2), s.bytes.take(2)
p s.start_with?("Hell"), s =~ /W/, s.tr("lo", "01")
p s.ljust(15, "."), s.squeeze("l"), s.downcase.delete("aeiou")
p s * 2, s + "!", s.center(16, "=")
p s.split(", "), s.sub("World") { |w| w.upcase }
p s.hex, "0A".hex, "z".hex, "12".oct
p s.each_char.with_index.select { |c, i| c == "l" }.map(&:last)
p s.chars.uniq.size, s.downcase.chars.tally.max_by { |_, v| v }
p s.to_sym, s.to_s.equal?(s), s.to_str
p "a%sc" % "b", "%.2f%%" % 99.5
p "abc".ord, "abc".next, "abc".chars.rotate.join, "abc".chars.map(&:ord)
p "word " * 3, "Line1\nLine2".lines.size
str = +""
str << "a" << "b"
str.concat("c")
str += "d"
p str, str.size
p "ab12cd".delete("0-9"), "ab12cd".scan(/\d/).join.to_i
p "Hello".then { |x| x + "!" }
p(("a".."c"), ("a".."c").include?("b"), ("a".."c").cover?("bb"))
p "text".encoding.to_s, "text".unicode_normalize rescue p $!.class
p "madam".each_char.to_a == "madam".each_char.to_a.reverse
heredoc = <<~TEXT
  indented
    more
  back
TEXT
p heredoc
raw = <<-'RAW'
    #{not interpolated}\n
    RAW
p raw
p "abc".each_grapheme_cluster.to_a rescue p $!.class
p "a-b-c".tr("-", "_").upcase.to_sym
p "%s is %d years" % ["Tom", 30]
p "x=%p" % [[1, "a"]]
p "snowman ☃".encode("UTF-8").bytesize
p "abcabc".sub(/b/) { |m| m.ord.to_s }
