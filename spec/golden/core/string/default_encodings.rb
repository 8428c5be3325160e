# Encoding.default_external= / default_internal=: the settings, their checks,
# and what reads them (Encoding.find, String#encode without a target,
# Integer#chr without an encoding); Integer#chr's encodings.
p Encoding.default_external, Encoding.default_internal
Encoding.default_external = "ISO-8859-1"
p Encoding.default_external, Encoding.find("external"), Encoding.find("filesystem")
p(Encoding.default_external = Encoding::UTF_8)
Encoding.default_internal = Encoding::UTF_16LE
p Encoding.default_internal, Encoding.find("internal")
p "ab".encode.encoding, "ab".encode.bytes, "ab".encode(Encoding::UTF_8).encoding
p 0x3042.chr.encoding, 0x3042.chr.bytes, 65.chr.encoding
Encoding.default_internal = nil
p "ab".encode.encoding, Encoding.default_internal
begin; 0x3042.chr; rescue RangeError => e; p e.message; end
[-> { Encoding.default_external = nil }, -> { Encoding.default_external = "bogus" }, -> { Encoding.default_internal = 5 }].each do |b|
  b.call
rescue => e
  p [e.class, e.message]
end
p 65.chr("US-ASCII").encoding, 0xE9.chr("ISO-8859-1").bytes, 0xE9.chr("ISO-8859-1").encoding, 0x3042.chr("UTF-16BE").bytes
begin; 0x100.chr("ISO-8859-1"); rescue RangeError => e; p e.message; end
p 200.chr.encoding, 65.chr.encoding, 0x3042.chr("UTF-8").encoding
