# UTF-8 multibyte strings: length vs bytesize, indexing by character
s = "héllo wörld"
p s.length, s.bytesize, s[1], s[7..], s.reverse, s.upcase, s.chars.first(3)
j = "日本語テキスト"
p j.length, j.bytesize, j[0], j[-1], j[2, 3], j.index("テ"), j.reverse
p j.encoding, j.valid_encoding?, j.ascii_only?, "abc".ascii_only?
e = "😀 smile"
p e.length, e.bytesize, e[0], e.bytes.first(4), e.codepoints.first(2)
p "ü".ord, 252.chr(Encoding::UTF_8), [233].pack("U"), "é".unpack("U*")
p "caf\u00e9", "\u65e5", "\u{1F600}"
p "ÀÉÎ".downcase, "straße".upcase, "ǅ".swapcase rescue p $!
p "añb".center(9, "*"), "日本".ljust(5, "."), "日本".rjust(5)
p "a,é,日".split(","), "日本語".each_char.to_a, "日本語".scan(/./)
p "héllo".sub("é", "e"), "héllo".tr("é", "e"), "héllo".count("l"), "héllo".delete("é")
p "日本語" + "!", "日" * 3, "日本語".include?("本"), "日本語".start_with?("日")
p "Ünïcödé".inspect, "tab\t日".inspect
p "héllo".byteslice(0, 2), "héllo".byteslice(0, 3)
p "abc".force_encoding("ASCII-8BIT").encoding, "é".b, "é".b.length
p "日本語テキスト".each_char.each_slice(3).map(&:join)
