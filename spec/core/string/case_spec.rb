require_relative '../../spec_helper'

describe "String#upcase" do
  it "returns an upcased copy" do
    "hello World 1".upcase.should == "HELLO WORLD 1"
    "".upcase.should == ""
    "äöü éß".upcase.should == "ÄÖÜ ÉSS"
  end

  it "supports :ascii" do
    "äb".upcase(:ascii).should == "äB"
  end
end

describe "String#downcase" do
  it "returns a downcased copy" do
    "HeLLo 1".downcase.should == "hello 1"
    "ÄÖÜ".downcase.should == "äöü"
    "ΣΑΣ".downcase.should == "σασ"
  end
end

describe "String#capitalize" do
  it "upcases the first character and downcases the rest" do
    "hello WORLD".capitalize.should == "Hello world"
    "HELLO".capitalize.should == "Hello"
    "123abc".capitalize.should == "123abc"
    "éCOLE".capitalize.should == "École"
    "".capitalize.should == ""
  end
end

describe "String#swapcase" do
  it "swaps the case of each letter" do
    "Hello World".swapcase.should == "hELLO wORLD"
    "äÖ".swapcase.should == "Äö"
    "1+1".swapcase.should == "1+1"
  end
end

describe "String case bang methods" do
  it "modify in place and return self" do
    s = "abc"
    s.upcase!.should equal(s)
    s.should == "ABC"
    s.downcase!.should equal(s)
    s.should == "abc"
    s.capitalize!.should equal(s)
    s.should == "Abc"
    s.swapcase!.should equal(s)
    s.should == "aBC"
  end

  it "return nil when nothing changes" do
    "ABC".upcase!.should == nil
    "abc".downcase!.should == nil
    "Abc".capitalize!.should == nil
    "123".swapcase!.should == nil
  end

  it "raise FrozenError on a frozen string" do
    -> { "abc".freeze.upcase! }.should raise_error(FrozenError)
  end
end

describe "String#casecmp and #casecmp?" do
  it "compare ignoring case" do
    "aBc".casecmp("AbC").should == 0
    "a".casecmp("B").should == -1
    "b".casecmp("A").should == 1
    "aBc".casecmp?("AbC").should == true
    "äÖ".casecmp?("ÄÖ").should == true
    "a".casecmp?("b").should == false
  end

  it "return nil for a non-String" do
    "a".casecmp(1).should == nil
    "a".casecmp?(1).should == nil
  end
end

describe "String case mapping with SpecialCasing" do
  it "expands characters whose upcase is several characters" do
    "ŉ".upcase.should == "ʼN"
    "ǰ".upcase.length.should == 2
    "ŉ".swapcase.should == "ʼN"
    "ǅ".swapcase.should == "dŽ"
    "ﬁ".capitalize.should == "Fi"
  end
end
