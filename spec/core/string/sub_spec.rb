require_relative '../../spec_helper'

describe "String#sub" do
  it "replaces the first occurrence of a String" do
    "hello hello".sub("ll", "LL").should == "heLLo hello"
    "hello".sub("x", "y").should == "hello"
  end

  it "treats a String pattern literally" do
    "a.b.c".sub(".", "-").should == "a-b.c"
  end

  it "replaces the first match of a Regexp" do
    "hello".sub(/l+/, "L").should == "heLo"
  end

  it "expands back references in the replacement" do
    "john smith".sub(/(\w+) (\w+)/, '\2 \1').should == "smith john"
    "abc".sub(/b/, '[\0]').should == "a[b]c"
    "abc".sub(/b/, '[\&]').should == "a[b]c"
    "abc".sub(/b/, "<\\`|\\'>").should == "a<a|c>c"
    "2024-01".sub(/(?<y>\d+)-(?<m>\d+)/, '\k<m>/\k<y>').should == "01/2024"
    "abc".sub(/b/, '\\\\').should == "a\\c"
    "abc".sub(/(b)/, '\9').should == "ac"
  end

  it "uses the block's value and sets $~ inside it" do
    "hello".sub(/l(l)/) { $1.upcase + $~[0] }.should == "heLllo"
    "abc".sub("b") { |m| m * 3 }.should == "abbbc"
  end

  it "looks the match up in a Hash" do
    "cat".sub(/[aeiou]/, "a" => "4").should == "c4t"
    "cat".sub(/c/, {}).should == "at"
  end

  it "returns a copy when nothing matches" do
    s = "abc"
    r = s.sub(/z/, "y")
    r.should == s
    r.should_not equal(s)
  end

  it "raises TypeError for a non-String replacement" do
    -> { "a".sub(/a/, 1) }.should raise_error(TypeError, "no implicit conversion of Integer into String")
  end

  it "raises ArgumentError without a replacement or block" do
    -> { "a".sub(/a/) }.should raise_error(ArgumentError, "wrong number of arguments (given 1, expected 2)")
  end
end

describe "String#sub!" do
  it "modifies in place and returns self, or nil when nothing matched" do
    s = "abc"
    s.sub!(/b/, "B").should equal(s)
    s.should == "aBc"
    s.sub!(/z/, "y").should == nil
  end

  it "raises FrozenError on a frozen string" do
    -> { "abc".freeze.sub!(/b/, "B") }.should raise_error(FrozenError)
  end
end

describe "String#gsub" do
  it "replaces every occurrence" do
    "hello".gsub("l", "L").should == "heLLo"
    "a1b22c333".gsub(/\d+/, "#").should == "a#b#c#"
    "abc".gsub(/x/, "y").should == "abc"
  end

  it "expands back references" do
    "a1b2".gsub(/([a-z])(\d)/, '\2\1').should == "1a2b"
    "ab".gsub(/(?<c>\w)/, '<\k<c>>').should == "<a><b>"
  end

  it "handles empty matches between characters" do
    "abc".gsub(//, "-").should == "-a-b-c-"
    "abc".gsub(/x*/, "-").should == "-a-b-c-"
    "日本".gsub(//, "|").should == "|日|本|"
  end

  it "uses a block for each match" do
    "a1b2".gsub(/\d/) { |d| (d.to_i * 2).to_s }.should == "a2b4"
    "hello world".gsub(/o/) { $~.begin(0).to_s }.should == "hell4 w7rld"
  end

  it "uses a Hash, with missing keys becoming empty" do
    "hello".gsub(/[el]/, "e" => "3", "l" => "1").should == "h311o"
    "hello".gsub(/[eo]/, "e" => "3").should == "h3ll"
  end

  it "returns an Enumerator without a replacement or block" do
    "a1b2".gsub(/\d/).to_a.should == ["1", "2"]
  end

  it "works on multibyte strings" do
    "日本語".gsub("本", "x").should == "日x語"
    "äöü".gsub(/ö/, "o").should == "äoü"
  end
end

describe "String#gsub!" do
  it "returns nil when nothing was replaced" do
    s = "aaa"
    s.gsub!("a", "b").should equal(s)
    s.should == "bbb"
    s.gsub!("a", "b").should == nil
  end
end
