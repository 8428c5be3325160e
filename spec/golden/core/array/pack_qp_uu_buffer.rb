# Array#pack 'M' (quoted-printable), 'u' (uuencode), 'm' line lengths, 'x'/'X'/'@'
# and buffer:, with CRuby's encodings and errors
tests = ["", "a", "abc def\n", "abc \ndef\t\nx", "=\xff\t\n".b, "a" * 100, "b" * 72, "c" * 73, "héllo wörld", "x\r\ny", " " * 80, "\x00\x01"]
tests.each { |t| p [t].pack("M"), [t].pack("M2"), [t].pack("M10") }
p [nil].pack("M"), [1.0 / 3.0].pack("M"), [123].pack("M"), ["a", "b"].pack("MM")
tests.each { |t| p [t].pack("u"), [t].pack("u0"), [t].pack("u3"), [t].pack("u100"), [t].pack("u*") }
p ["x" * 200].pack("u"), ["x" * 200].pack("m"), ["x" * 200].pack("m0"), ["x" * 200].pack("m12")
p ["a"].pack("M").encoding, ["a"].pack("u").encoding, ["a"].pack("m").encoding, ["a", 1].pack("uC").encoding
p [1].pack("U").encoding, [1, "a"].pack("UM").encoding
(["a"].pack("u", 1) rescue p $!)
([nil].pack("u") rescue p $!)
p ["abc"].pack("M").unpack1("M"), ["abc"].pack("u").unpack1("u")
p [65, 66, 67].pack("ccc", buffer: b = +"123"), b
p [65, 66, 67].pack("@3ccc", buffer: +"1234567890"), [65, 66, 67].pack("@6ccc", buffer: +"123")
p [1, 2].pack("C2X"), [1, 2, 3].pack("C2X*C"), ["a"].pack("x*a"), [1].pack("x3C"), [1].pack("@3C"), [1, 2].pack("C*@"), [].pack("@*")
[-> { [1].pack("XC") }, -> { [1, 2].pack("C2X3") }, -> { [65].pack("c", buffer: []) }, -> { [65].pack("c", buffer: "x".freeze) }, -> { [65].pack("c", foo: 1) }].each do |l|
  l.call
rescue => e
  p [e.class, e.message]
end
buf = "".encode(Encoding::ISO_8859_1)
[65].pack("c", buffer: buf); p buf.encoding
buf2 = "".b; [233].pack("U", buffer: buf2); p buf2.encoding, buf2
p [65].pack("c", buffer: nil)
p ["bbababab"].pack("B*"), ["bababab"].pack("b*"), ["1011"].pack("B*"), ["0110"].pack("b*"), ["abc"].pack("B3")
