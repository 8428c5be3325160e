# String#inspect and #dump escaping
strs = ["plain", "quote\"d", "back\\slash", "tab\there", "nl\nx", "cr\r", "\e[0m", "\x00\x7f", "\#{not}", "\#$x",
        "#no", "é", "日本", "\u200b", "bell\a", "\v\f\b", "😀", "\xff".dup.force_encoding("BINARY"), "\xff", "'single'"]
strs.each { |s| puts s.inspect }
strs.each { |s| puts s.dump }
p :"with space", :"quote\"", :a?, :b!, :c=, :[], :+, :"9x", :_ok, :Const
p "é".dump.undump rescue p $!
puts "a\u0301".inspect, "\u00e9".length
