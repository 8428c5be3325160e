require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "String.new" do
  it "returns an empty mutable binary string without arguments" do
    s = String.new
    s.should == ""
    s.encoding.should == Encoding::BINARY
    s.frozen?.should == false
  end

  it "copies the argument" do
    a = "abc"
    s = String.new(a)
    s.should == "abc"
    s.should_not equal(a)
    s.encoding.should == Encoding::UTF_8
  end

  it "accepts capacity: and encoding:" do
    String.new(capacity: 100).should == ""
    String.new("é", encoding: "BINARY").length.should == 2
  end

  it "creates instances of subclasses" do
    StringSpecs::MyString.new("x").should be_an_instance_of(StringSpecs::MyString)
  end
end

describe "String comparison operators" do
  it "come from Comparable" do
    ("a" < "b").should == true
    ("b" <= "b").should == true
    ("c" > "b").should == true
    ("a" >= "b").should == false
    "b".between?("a", "c").should == true
    "d".clamp("a", "c").should == "c"
    ["b", "C", "a"].sort.should == ["C", "a", "b"]
    ["bb", "a", "ccc"].max.should == "ccc"
  end

  it "raise ArgumentError comparing with a non-String" do
    -> { "a" < 1 }.should raise_error(ArgumentError, "comparison of String with 1 failed")
  end
end

describe "String#===" do
  it "is equality, used by case/when" do
    r = case "b" when "a" then 1 when "b" then 2 else 3 end
    r.should == 2
    ("a" === "a").should == true
  end
end

describe "String#byteindex and #byterindex" do
  it "search by byte offset" do
    "héllo".byteindex("l").should == 3
    "héllo".byterindex("l").should == 4
    "hello".byteindex("z").should == nil
  end
end

describe "String#each_grapheme_cluster" do
  it "yields characters" do
    "ab".each_grapheme_cluster.to_a.should == ["a", "b"]
    "ab".grapheme_clusters.should == ["a", "b"]
  end
end

describe "String#unpack1 and #unpack" do
  it "decode common formats" do
    "abc".unpack1("H*").should == "616263"
    "\x01\x02".unpack("C*").should == [1, 2]
    "\x01\x00".unpack1("v").should == 1
    "\x00\x01".unpack1("n").should == 1
    "abc".unpack("a2").should == ["ab"]
    "YWJj".unpack1("m").should == "abc"
    "é".unpack("U*").should == [233]
  end
end

describe "Array#pack for strings" do
  it "encodes common formats" do
    [1, 2].pack("C*").should == "\x01\x02"
    ["616263"].pack("H*").should == "abc"
    [233].pack("U").should == "é"
    ["abc"].pack("m0").should == "YWJj"
    ["ab"].pack("a4").should == "ab\x00\x00"
  end
end

describe "String#unicode_normalize" do
  it "composes and decomposes" do
    "e\u0301".unicode_normalize.should == "é"
    "é".unicode_normalize(:nfd).should == "e\u0301"
    "é".unicode_normalize(:nfd).length.should == 2
    "Ａｂｃ".unicode_normalize(:nfkc).should == "Abc"
    "abc".unicode_normalize.should == "abc"
  end
end

describe "String interpolation" do
  it "calls to_s on the values" do
    "#{1}-#{nil}-#{:a}-#{[1, "b"]}".should == "1--a-[1, \"b\"]"
  end

  it "builds a new unfrozen String" do
    x = "a"
    s = "#{x}b"
    s.frozen?.should == false
    s.should == "ab"
  end
end

describe "String literals" do
  it "are not frozen without the magic comment" do
    "abc".frozen?.should == false
  end

  it "adjacent literals concatenate" do
    s = "a" "b" 'c'
    s.should == "abc"
  end

  it "support %q, %Q, character literals and heredocs" do
    %q(a'b).should == "a'b"
    %Q(#{1}x).should == "1x"
    ?a.should == "a"
    s = <<~EOS
      one
        two
    EOS
    s.should == "one\n  two\n"
  end
end

describe "String#bytesplice" do
  it "replaces a byte range" do
    "abc".bytesplice(1, 1, "X").should == "aXc"
    "abc".bytesplice(0..1, "XY").should == "XYc"
    "abc".bytesplice(-1, 1, "Z").should == "abZ"
  end

  it "takes a part of the source string" do
    "abc".bytesplice(1, 1, "WXYZ", 1, 2).should == "aXYc"
    "abc".bytesplice(0...1, "WXYZ", 2..).should == "YZbc"
  end

  it "raises IndexError off a character boundary or out of range" do
    -> { "héllo".bytesplice(1, 1, "x") }.should raise_error(IndexError, "offset 2 does not land on character boundary")
    -> { "abc".bytesplice(5, 1, "x") }.should raise_error(IndexError, "index 5 out of string")
  end
end

describe "String#crypt" do
  it "hashes with a two-character salt" do
    "ab".crypt("ab").should == "abAwh7.RciMzE"
  end
end
