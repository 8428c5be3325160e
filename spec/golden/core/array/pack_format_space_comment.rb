# Array#pack / String#unpack formats: whitespace (\t\n\v\f\r and space) and # comments are skipped; a missing element is "too few arguments"
p ["a", "b"].pack("a \t\n\v\f\ra")
p ["a", "b", "c"].pack("aa A # some comment\n")
p ["a", "b"].pack("a#comment\na")
p "ab".unpack("a \t\n\v\f\ra")
p "ab".unpack("a # c\n a")
begin; ["a"].pack("aa"); rescue ArgumentError => e; p e.message; end
begin; [1].pack("CC"); rescue ArgumentError => e; p e.message; end
begin; [1].pack("y"); rescue ArgumentError => e; p e.message; end
