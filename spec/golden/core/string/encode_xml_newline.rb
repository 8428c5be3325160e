# String#encode decorators: xml: :text/:attr escaping and character
# references, the newline options, options without a target encoding.
def t; p yield; rescue => e; puts "#{e.class}: #{e.message}"; end
t { "<a & \"b\" > ü".encode(xml: :text) }
t { "<a & \"b\" > ü".encode(xml: :attr) }
t { "<a & \"b\" > ü".encode("US-ASCII", xml: :text) }
t { "<a & \"b\" > ü".encode("US-ASCII", xml: :attr) }
t { "ü".encode("US-ASCII", xml: :attr, undef: :replace) }
t { "a".encode("US-ASCII", xml: :foo) }
t { "a".encode(xml: nil) }
t { "a\r\nb\rc\n".encode(universal_newline: true) }
t { "a\r\nb\rc\n".encode(crlf_newline: true) }
t { "a\r\nb\rc\n".encode(cr_newline: true) }
t { "a\r\nb\rc\n".encode(newline: :universal) }
t { "a\r\nb\rc\n".encode(newline: :crlf) }
t { "a\r\nb\rc\n".encode(newline: :lf) }
t { "a\r\nb\rc\n".encode("UTF-8", "UTF-16LE".then{"UTF-8"}, universal_newline: true) }
t { "a\nb".encode("UTF-8", xml: :text, crlf_newline: true) }
t { "a\nb".encode(xml: :attr).encoding }
t { "abc".force_encoding("US-ASCII").encode(xml: :attr).encoding }
t { "ab\xff".b.encode(invalid: :replace).encoding }
t { "ab\xff".encode(invalid: :replace) }
t { "ab\xff".force_encoding("US-ASCII").encode(invalid: :replace) }
