require_relative '../../spec_helper'

describe "String#encoding" do
  it "is UTF-8 for literals" do
    "abc".encoding.should == Encoding::UTF_8
    "".encoding.to_s.should == "UTF-8"
  end

  it "is ASCII-8BIT after b" do
    "abc".b.encoding.should == Encoding::BINARY
    Encoding::BINARY.inspect.should == "#<Encoding:BINARY (ASCII-8BIT)>"
  end
end

describe "String#force_encoding" do
  it "changes the encoding tag, not the bytes" do
    s = "é"
    s.force_encoding("ASCII-8BIT").should equal(s)
    s.length.should == 2
    s.force_encoding(Encoding::UTF_8).length.should == 1
  end

  it "raises ArgumentError for an unknown name" do
    -> { "a".force_encoding("NOPE") }.should raise_error(ArgumentError, "unknown encoding name - NOPE")
  end
end

describe "String#valid_encoding? and #scrub" do
  it "detect and replace invalid bytes" do
    "abc".valid_encoding?.should == true
    "a\xffb".valid_encoding?.should == false
    "a\xffb".scrub.should == "a\uFFFDb"
    "a\xffb".scrub("?").should == "a?b"
    "a\xffb".scrub { |b| "<#{b.bytes[0]}>" }.should == "a<255>b"
  end
end

describe "String#ascii_only?" do
  it "is true when every byte is ASCII" do
    "abc".ascii_only?.should == true
    "é".ascii_only?.should == false
    "".ascii_only?.should == true
  end
end

describe "String#encode" do
  it "converts between encodings" do
    "é".encode("ISO-8859-1").bytes.should == [0xE9]
    "\xE9".force_encoding("ISO-8859-1").encode("UTF-8").should == "é"
    "ab".encode("UTF-16LE").bytes.should == [97, 0, 98, 0]
    "ab".encode("UTF-16BE").bytesize.should == 4
  end

  it "raises UndefinedConversionError for unmappable characters" do
    -> { "é".encode("US-ASCII") }.should raise_error(Encoding::UndefinedConversionError, "U+00E9 from UTF-8 to US-ASCII")
  end

  it "replaces unmappable characters with undef: :replace" do
    "aé".encode("US-ASCII", undef: :replace).should == "a?"
    "aé".encode("US-ASCII", undef: :replace, replace: "*").should == "a*"
  end

  it "replaces invalid bytes with invalid: :replace" do
    "a\xffb".encode("UTF-8", invalid: :replace, replace: "?").should == "a?b"
  end
end

describe "String multibyte handling" do
  it "counts, indexes and reverses by character" do
    s = "héllo wörld"
    s.length.should == 11
    s.bytesize.should == 13
    s[1].should == "é"
    s.index("w").should == 6
    s.reverse.should == "dlröw olléh"
    s.chars.first(2).should == ["h", "é"]
  end

  it "handles 4-byte characters" do
    s = "a😀b"
    s.length.should == 3
    s[1].should == "😀"
    s.reverse.should == "b😀a"
  end

  it "treats invalid bytes as single characters" do
    "a\xffb".length.should == 3
    "a\xffb".chars.length.should == 3
  end
end

describe "String#length in UTF-16" do
  it "counts code units, a partial one included" do
    "abc".encode("UTF-16LE").length.should == 3
    "abc".force_encoding("UTF-16LE").length.should == 2
  end
end
