# encodings: force_encoding, valid_encoding?, encode with replacement, scrub, b, unicode_normalize
s = "héllo"
p s.encoding, s.bytes.size, s.b.encoding, s.b.length, s.dup.force_encoding("BINARY").length
bad = "abc\xffdef"
p bad.valid_encoding?, bad.scrub, bad.scrub("?"), bad.scrub { |b| "<#{b.unpack1('H*')}>" }
p "héllo".encode("ISO-8859-1").bytes, "h\xe9llo".force_encoding("ISO-8859-1").encode("UTF-8")
p "héllo wörld".encode("US-ASCII", undef: :replace), "héllo".encode("US-ASCII", undef: :replace, replace: "*")
p "héllo".encode("US-ASCII", fallback: {"é" => "e"}) rescue p $!.class
p "abc".encode("UTF-16LE").bytes, "abc".encode("UTF-16").bytesize
p "é".unicode_normalize(:nfd).length, "e\u0301".unicode_normalize(:nfc), "e\u0301".unicode_normalize(:nfc).length
p "Ａｂｃ".unicode_normalize(:nfkc)
p Encoding::UTF_8.name, Encoding::BINARY.name, "".encoding
p "abc".force_encoding("ASCII-8BIT") == "abc", "é".b == "é", "é".bytes == "é".b.bytes
p "日本".each_byte.map { |b| b.to_s(16) }.join(" "), "\u3042".ord.to_s(16), [0x3042].pack("U").encoding
p "ascii".ascii_only?, "ü".ascii_only?, "\x80".force_encoding("BINARY").ascii_only?
