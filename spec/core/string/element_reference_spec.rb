require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe :string_element_reference, shared: true do
  it "returns the character at an index" do
    "hello".send(@method, 0).should == "h"
    "hello".send(@method, 4).should == "o"
    "hello".send(@method, -1).should == "o"
    "hello".send(@method, -5).should == "h"
  end

  it "returns nil for an index out of range" do
    "hello".send(@method, 5).should == nil
    "hello".send(@method, -6).should == nil
    "".send(@method, 0).should == nil
  end

  it "returns a substring for start and length" do
    "hello".send(@method, 1, 3).should == "ell"
    "hello".send(@method, -3, 2).should == "ll"
    "hello".send(@method, 1, 100).should == "ello"
    "hello".send(@method, 5, 1).should == ""
    "hello".send(@method, 6, 1).should == nil
    "hello".send(@method, 1, -1).should == nil
    "hello".send(@method, 0, 0).should == ""
  end

  it "returns a substring for a Range" do
    "hello".send(@method, 1..3).should == "ell"
    "hello".send(@method, 1...3).should == "el"
    "hello".send(@method, -3..-1).should == "llo"
    "hello".send(@method, 1..).should == "ello"
    "hello".send(@method, ..1).should == "he"
    "hello".send(@method, 5..).should == ""
    "hello".send(@method, 6..).should == nil
    "hello".send(@method, 3..1).should == ""
  end

  it "returns the matched substring for a String" do
    "hello".send(@method, "ll").should == "ll"
    "hello".send(@method, "xx").should == nil
    "hello".send(@method, "").should == ""
  end

  it "returns the match for a Regexp and an optional capture" do
    "hello".send(@method, /l+/).should == "ll"
    "hello".send(@method, /z/).should == nil
    "hello".send(@method, /(h)(e)/, 2).should == "e"
    "hello".send(@method, /(h)(e)/, 3).should == nil
    "hello".send(@method, /(?<first>h)/, "first").should == "h"
    "hello".send(@method, /(?<first>h)/, :first).should == "h"
  end

  it "indexes multibyte strings by character" do
    s = "日本語テキスト"
    s.send(@method, 0).should == "日"
    s.send(@method, -1).should == "ト"
    s.send(@method, 1, 2).should == "本語"
    s.send(@method, 2..4).should == "語テキ"
    s.send(@method, "テ").should == "テ"
  end

  it "converts a Float index to Integer" do
    "hello".send(@method, 1.9).should == "e"
  end

  it "raises TypeError for a non-numeric index" do
    -> { "hello".send(@method, nil) }.should raise_error(TypeError, "no implicit conversion from nil to integer")
  end

  it "returns a String instance for a subclass" do
    StringSpecs::MyString.new("hello").send(@method, 0, 2).should be_an_instance_of(String)
  end
end

describe "String#[]" do
  it_behaves_like :string_element_reference, :[]
end

describe "String#slice" do
  it_behaves_like :string_element_reference, :slice
end

describe "String#[]=" do
  it "replaces the character at an index" do
    s = "hello"
    s[0] = "J"
    s.should == "Jello"
    s[-1] = "y"
    s.should == "Jelly"
  end

  it "replaces a substring given start and length" do
    s = "hello"
    s[1, 3] = "ipp"
    s.should == "hippo"
    s[0, 0] = ">"
    s.should == ">hippo"
  end

  it "replaces a range" do
    s = "hello"
    s[1..2] = "EE"
    s.should == "hEElo"
    s[3..] = ""
    s.should == "hEE"
  end

  it "replaces the first match of a String or Regexp" do
    s = "hello world"
    s["world"] = "there"
    s.should == "hello there"
    s[/h(e)/, 1] = "a"
    s.should == "hallo there"
  end

  it "raises IndexError when the index or string is not found" do
    -> { s = "abc"; s[5] = "x" }.should raise_error(IndexError, "index 5 out of string")
    -> { s = "abc"; s["z"] = "x" }.should raise_error(IndexError, "string not matched")
    -> { s = "abc"; s[/z/] = "x" }.should raise_error(IndexError, "regexp not matched")
  end

  it "raises FrozenError on a frozen string" do
    -> { "abc".freeze[0] = "x" }.should raise_error(FrozenError)
  end

  it "works on multibyte characters" do
    s = "日本語"
    s[1] = "x"
    s.should == "日x語"
  end
end

describe "String#slice!" do
  it "removes and returns the selected part" do
    s = "hello"
    s.slice!(1, 2).should == "el"
    s.should == "hlo"
    s.slice!(/l/).should == "l"
    s.should == "ho"
    s.slice!(5).should == nil
    s.should == "ho"
  end
end

describe "String#byteslice" do
  it "slices by bytes" do
    "héllo".byteslice(0, 3).should == "hé"
    "héllo".byteslice(1).should == "\xC3".force_encoding("UTF-8")
    "hello".byteslice(1..2).should == "el"
    "hello".byteslice(9).should == nil
  end
end

describe "String#getbyte and #setbyte" do
  it "read and write single bytes" do
    s = "abc"
    s.getbyte(0).should == 97
    s.getbyte(-1).should == 99
    s.getbyte(3).should == nil
    s.setbyte(0, 65)
    s.should == "Abc"
  end
end
