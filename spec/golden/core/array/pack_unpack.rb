# Array#pack / String#unpack for common directives
p [65, 66, 67].pack("C*"), [1, 2].pack("s<*").bytes, [1].pack("L>").bytes, [1, 256].pack("n*").bytes, [1].pack("V").bytes
p ["abc"].pack("a5").bytes, ["abc"].pack("A5"), ["abc"].pack("Z*").bytes, ["616263"].pack("H*"), ["hello"].pack("m"), ["hi"].pack("m0")
p "ABC".unpack("C*"), "\x01\x02\x03\x04".unpack("N"), "\x01\x02\x03\x04".unpack("V"), "\xff\xff".unpack("s"), "\xff\xff".unpack("S")
p "aGVsbG8=\n".unpack1("m"), "abc".unpack1("H*"), "abc".unpack("B*"), "hello world".unpack("a5xa5"), "ab".unpack("b*")
p [1.5].pack("E").unpack1("E"), [3.25].pack("g").bytes, [0x12345678].pack("N").unpack("C*"), [-1].pack("l").unpack1("L")
p [97, 98].pack("U*"), "日".unpack("U*"), [0x65e5].pack("U"), ["a", "b"].pack("a2a2").bytes
p [1, 2, 3].pack("C3").size, [1, 2].pack("CxC").bytes, "abcdef".unpack("a2@4a2"), [104, 105].pack("c2")
