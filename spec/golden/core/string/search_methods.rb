# index/rindex/byteindex/include?/start_with?/match with positions and regexps
s = "the rain in spain stays mainly"
p s.index("ain"), s.index("ain", 6), s.rindex("ain"), s.rindex("ain", 20), s.index(/[sm]ain/), s.rindex(/ain\w*/)
p s.index("zzz"), s.index(""), s.index("", 100), s.include?("spain"), s.start_with?(/th/), s.end_with?("ly")
p s =~ /s(\w+)/, $1, $~.begin(1), s.match(/(\w+)ly/)[1], s.match?(/rain/, 10), s.scan(/\w*ain\w*/)
p s.count("a"), s.count("a-e"), s.each_char.with_index.select { |c, _| c == "a" }.map(&:last)
positions = []
pos = 0
while (i = s.index("ai", pos))
  positions << i
  pos = i + 1
end
p positions
p s.partition(/\s+in\s+/), s.rpartition(" "), s.split(/ain/, 2), s.sub(/(?<w>\w+)$/) { $~[:w].upcase }
p "日本語の文章".index("文"), "日本語の文章".byteindex("文") rescue p $!.class
p "abcabc".tr("abc", "xyz").index("z"), "a.b.c".rindex("."), "aaa".scan("aa").size
