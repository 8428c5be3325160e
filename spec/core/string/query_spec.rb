require_relative '../../spec_helper'

describe "String#length and #size" do
  it "count characters" do
    "".length.should == 0
    "hello".length.should == 5
    "hello".size.should == 5
    "日本語".length.should == 3
    "héllo".size.should == 5
    "😀".length.should == 1
  end

  it "count bytes for a binary string" do
    "日本".b.length.should == 6
  end
end

describe "String#bytesize" do
  it "counts bytes" do
    "".bytesize.should == 0
    "abc".bytesize.should == 3
    "日本".bytesize.should == 6
    "😀".bytesize.should == 4
  end
end

describe "String#empty?" do
  it "is true only for the empty string" do
    "".empty?.should == true
    " ".empty?.should == false
    "\0".empty?.should == false
  end
end

describe "String#include?" do
  it "tells whether the argument occurs" do
    "hello".include?("ell").should == true
    "hello".include?("").should == true
    "hello".include?("L").should == false
    "日本語".include?("本").should == true
  end

  it "raises TypeError for a non-String" do
    -> { "hello".include?(?e.ord) }.should raise_error(TypeError, "no implicit conversion of Integer into String")
    -> { "hello".include?(/e/) }.should raise_error(TypeError, "no implicit conversion of Regexp into String")
  end
end

describe "String#start_with?" do
  it "checks prefixes, any of several" do
    "hello".start_with?("he").should == true
    "hello".start_with?("lo").should == false
    "hello".start_with?("x", "h").should == true
    "hello".start_with?("").should == true
    "hello".start_with?().should == false
  end

  it "accepts a Regexp anchored at the start" do
    "hello".start_with?(/h.l/).should == true
    "hello".start_with?(/ell/).should == false
  end

  it "does not split a multibyte character" do
    "\xE3\x81\x82".start_with?("\xE3").should == false
  end
end

describe "String#end_with?" do
  it "checks suffixes" do
    "hello".end_with?("lo").should == true
    "hello".end_with?("he").should == false
    "hello".end_with?("x", "o").should == true
    "hello".end_with?("").should == true
  end

  it "raises TypeError for a non-String" do
    -> { "hello".end_with?(1) }.should raise_error(TypeError, "no implicit conversion of Integer into String")
  end
end

describe "String#index" do
  it "returns the index of the first occurrence" do
    "hello".index("l").should == 2
    "hello".index("lo").should == 3
    "hello".index("z").should == nil
    "hello".index("").should == 0
  end

  it "starts at the given offset" do
    "hello".index("l", 3).should == 3
    "hello".index("h", 1).should == nil
    "hello".index("o", -1).should == 4
    "hello".index("", 5).should == 5
    "hello".index("", 6).should == nil
    "hello".index("l", -10).should == nil
  end

  it "accepts a Regexp and sets $~" do
    "hello".index(/l+/).should == 2
    $~[0].should == "ll"
    "hello".index(/z/).should == nil
  end

  it "returns character indices in multibyte strings" do
    "日本語日本".index("語").should == 2
    "日本語日本".index("日", 1).should == 3
  end
end

describe "String#rindex" do
  it "returns the index of the last occurrence" do
    "hello".rindex("l").should == 3
    "hello".rindex("h").should == 0
    "hello".rindex("z").should == nil
    "hello".rindex("").should == 5
  end

  it "searches backwards from the given position" do
    "hello".rindex("l", 2).should == 2
    "hello".rindex("l", 1).should == nil
    "hello".rindex("o", -2).should == nil
    "hello".rindex("l", -2).should == 3
  end

  it "accepts a Regexp" do
    "hello".rindex(/l/).should == 3
    "abcabc".rindex(/b/, 3).should == 1
  end

  it "returns character indices in multibyte strings" do
    "日本語日本".rindex("日").should == 3
  end
end
