require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "String#+" do
  it "returns a new string with the argument appended" do
    a = "abc"
    b = a + "def"
    b.should == "abcdef"
    a.should == "abc"
    b.should_not equal(a)
  end

  it "converts the argument with to_str" do
    ("a" + StringSpecs::Stringish.new("b")).should == "ab"
  end

  it "raises TypeError for a non-String argument" do
    -> { "a" + 1 }.should raise_error(TypeError, "no implicit conversion of Integer into String")
    -> { "a" + nil }.should raise_error(TypeError, "no implicit conversion of nil into String")
    -> { "a" + :b }.should raise_error(TypeError, "no implicit conversion of Symbol into String")
  end

  it "returns a String for a subclass receiver" do
    (StringSpecs::MyString.new("a") + "b").should be_an_instance_of(String)
  end

  it "handles empty strings and multibyte text" do
    ("" + "").should == ""
    ("日本" + "語").length.should == 3
  end
end

describe "String#*" do
  it "returns the string repeated n times" do
    ("ab" * 3).should == "ababab"
    ("ab" * 0).should == ""
    ("" * 5).should == ""
  end

  it "raises ArgumentError for a negative count" do
    -> { "a" * -1 }.should raise_error(ArgumentError, "negative argument")
  end

  it "raises TypeError for a non-Integer count" do
    -> { "a" * "2" }.should raise_error(TypeError, "no implicit conversion of String into Integer")
  end

  it "truncates a Float count" do
    ("ab" * 2.7).should == "abab"
  end
end

describe "String#<<" do
  it "appends the argument in place and returns self" do
    s = "ab"
    r = (s << "cd")
    r.should equal(s)
    s.should == "abcd"
  end

  it "appends an Integer as a codepoint" do
    s = "a"
    s << 98
    s << 0x3042
    s.should == "abあ"
  end

  it "raises RangeError for an invalid codepoint" do
    -> { "a" << -1 }.should raise_error(RangeError, "-1 out of char range")
  end

  it "raises FrozenError on a frozen string" do
    -> { "ab".freeze << "c" }.should raise_error(FrozenError, "can't modify frozen String: \"ab\"")
  end

  it "raises TypeError for nil" do
    -> { "a" << nil }.should raise_error(TypeError, "no implicit conversion of nil into String")
  end

  it "can append the string to itself" do
    s = "ab"
    s << s
    s.should == "abab"
  end

  it "grows across many appends" do
    s = +""
    1000.times { |i| s << "x" }
    s.size.should == 1000
  end
end

describe "String#concat" do
  it "appends all arguments" do
    s = "a"
    s.concat("b", "c").should equal(s)
    s.should == "abc"
  end

  it "with no arguments returns self" do
    s = "a"
    s.concat.should equal(s)
  end

  it "appends copies when an argument is self" do
    s = "ab"
    s.concat(s, s)
    s.should == "ababab"
  end
end

describe "String#==" do
  it "compares contents" do
    ("abc" == "abc").should == true
    ("abc" == "abd").should == false
    ("abc" == "ab").should == false
    ("" == "").should == true
  end

  it "returns false for a non-String without to_str" do
    ("1" == 1).should == false
    ("a" == :a).should == false
    ("" == nil).should == false
  end

  it "is true for equal bytes in different encodings only when ASCII" do
    ("abc".b == "abc").should == true
    ("é".b == "é").should == false
  end
end

describe "String#eql?" do
  it "compares contents, not identity" do
    "a".eql?("a").should == true
    "a".eql?("b").should == false
    "1".eql?(1).should == false
  end
end

describe "String#<=>" do
  it "compares bytewise" do
    ("a" <=> "b").should == -1
    ("b" <=> "a").should == 1
    ("a" <=> "a").should == 0
    ("ab" <=> "a").should == 1
    ("a" <=> "ab").should == -1
    ("" <=> "a").should == -1
    ("Z" <=> "a").should == -1
  end

  it "returns nil for a non-String" do
    ("a" <=> 1).should == nil
    ("a" <=> nil).should == nil
  end
end

describe "String#hash" do
  it "is equal for equal strings" do
    "abc".hash.should == ("ab" + "c").hash
    "abc".hash.should_not == "abd".hash
  end

  it "makes strings usable as Hash keys" do
    h = { "k" => 1 }
    h["k"].should == 1
    h[+"k"].should == 1
  end
end
