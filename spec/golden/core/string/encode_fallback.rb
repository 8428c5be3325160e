# String#encode: fallback: as a Hash (default, default proc), Proc, Method or #[]
# object, its errors; invalid UTF-8 runs counted as CRuby counts them.
def t; p yield; rescue => e; puts "#{e.class}: #{e.message}"; end
h = {}; h.default = "bar"
t { "B\ufffd".encode(Encoding::US_ASCII, fallback: h) }
h = {}; h.default_proc = -> _, _ { "bar" }
t { "B\ufffd".encode(Encoding::US_ASCII, fallback: h) }
h = Hash.new { nil }
t { "B\ufffd".encode(Encoding::US_ASCII, fallback: h) }
t { "B\ufffd".encode(Encoding::US_ASCII, fallback: { "\ufffd" => "\uffee" }) }
t { "B\ufffd".encode(Encoding::US_ASCII, fallback: proc { "\uffee" }) }
t { "B\ufffd".encode(Encoding::US_ASCII, fallback: proc { nil }) }
t { "B\ufffd".encode(Encoding::US_ASCII, fallback: Object.new) }
k = Class.new { def [](c) = c.bytes.inspect }
t { "B\ufffd".encode(Encoding::US_ASCII, fallback: k.new) }
def m(c) = "M"
t { "B\ufffd".encode(Encoding::US_ASCII, fallback: method(:m)) }
t { "B\ufffd".encode(Encoding::US_ASCII, undef: :replace, replace: "foo", fallback: proc {|x| "bar"}) }
t { "ち\xE3\x81\xFF".encode("UTF-16LE", invalid: :replace).bytes }
t { "ち\xE3\x81\xFF".encode("UTF-16LE", invalid: :replace, replace: "foo").bytes }
t { "\xE3\x81\x93\xE3\x81".encode("UTF-8", invalid: :replace) }
t { "\xF0\x80\x80abc\xed\xa0\x80".encode("UTF-16LE", invalid: :replace).bytes }
t { "あ".b.encode("utf-8", "utf-8", invalid: :replace).encoding }
t { "\xff".b.encode("utf-8", "utf-8", invalid: :replace) }
