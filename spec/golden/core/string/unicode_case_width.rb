# Unicode-aware case mapping and character classes; ljust by characters (not display width)
p "ÄÖÜäöüß".downcase, "ÄÖÜäöüß".upcase, "ǆ".capitalize, "İ".downcase.bytes, "ﬃ".upcase
p "Ĳssel".swapcase, "ΑΒΓ".downcase, "αβγ".capitalize, "Привет".upcase, "ПРИВЕТ".capitalize
p "café".ljust(6, ".") + "|", "日本".center(6, "*"), "日本".size, "日本".bytesize
p "a1_b2".scan(/\w/).size, "日本語abc".scan(/\p{Han}/).join, "Ünïcödé".scan(/[[:upper:]]/), "x y\tz".scan(/[[:space:]]/).size
p "héllo"[1], "héllo".index("l"), "héllo".byteindex("l"), "héllo".chars.map(&:ord).sum
p "ß".casecmp?("SS"), "é".casecmp("É"), "résumé" =~ /sum/, "naïve".tr("ï", "i"), "naïve".delete("^a-z")
