require_relative '../../spec_helper'

describe "String#split with a String" do
  it "splits on whitespace by default, ignoring leading and trailing runs" do
    " a  b\tc\n".split.should == ["a", "b", "c"]
    "   ".split.should == []
    "".split.should == []
    "a b".split(" ").should == ["a", "b"]
    "  a b".split(nil).should == ["a", "b"]
  end

  it "splits on the separator and drops trailing empty fields" do
    "a,b,,c,,".split(",").should == ["a", "b", "", "c"]
    ",a".split(",").should == ["", "a"]
    "abc".split(",").should == ["abc"]
    "a--b--c".split("--").should == ["a", "b", "c"]
  end

  it "splits into characters with an empty separator" do
    "abc".split("").should == ["a", "b", "c"]
    "日本語".split("").should == ["日", "本", "語"]
  end

  it "honours a positive limit" do
    "a,b,c,d".split(",", 2).should == ["a", "b,c,d"]
    "a,b,c".split(",", 1).should == ["a,b,c"]
    " a b  c ".split(" ", 2).should == ["a", "b  c "]
    "abc".split("", 2).should == ["a", "bc"]
  end

  it "keeps trailing empty fields with a negative limit" do
    "a,b,,".split(",", -1).should == ["a", "b", "", ""]
    "a b ".split(" ", -1).should == ["a", "b", ""]
  end

  it "raises TypeError for a bad separator" do
    -> { "a".split(1) }.should raise_error(TypeError, "wrong argument type Integer (expected Regexp)")
  end
end

describe "String#split with a Regexp" do
  it "splits on matches" do
    "a1b22c".split(/\d+/).should == ["a", "b", "c"]
    "a, b;c".split(/[,;]\s*/).should == ["a", "b", "c"]
    "abc".split(//).should == ["a", "b", "c"]
  end

  it "includes captured groups" do
    "a-b_c".split(/([-_])/).should == ["a", "-", "b", "_", "c"]
    "1,2".split(/(,)/, 2).should == ["1", ",", "2"]
  end

  it "honours limits" do
    "a1b2c3".split(/\d/, 2).should == ["a", "b2c3"]
    "a1b2c3".split(/\d/, -1).should == ["a", "b", "c", ""]
  end

  it "yields each field with a block and returns self" do
    out = []
    s = "a,b"
    s.split(",") { |x| out << x }.should equal(s)
    out.should == ["a", "b"]
  end
end

describe "String#chars and #each_char" do
  it "return the characters" do
    "abc".chars.should == ["a", "b", "c"]
    "héllo".chars.should == ["h", "é", "l", "l", "o"]
    "".chars.should == []
  end

  it "each_char yields characters and returns self" do
    out = []
    s = "a日"
    s.each_char { |c| out << c }.should equal(s)
    out.should == ["a", "日"]
  end

  it "each_char without a block returns an Enumerator" do
    "ab".each_char.to_a.should == ["a", "b"]
    "ab".each_char.with_index.map { |c, i| "#{c}#{i}" }.should == ["a0", "b1"]
  end
end

describe "String#bytes and #each_byte" do
  it "return the bytes" do
    "ab".bytes.should == [97, 98]
    "é".bytes.should == [195, 169]
    out = []
    "ab".each_byte { |b| out << b }
    out.should == [97, 98]
    "ab".each_byte.to_a.should == [97, 98]
  end
end

describe "String#lines and #each_line" do
  it "split after each newline, keeping it" do
    "a\nb\nc".lines.should == ["a\n", "b\n", "c"]
    "a\n\nb\n".lines.should == ["a\n", "\n", "b\n"]
    "".lines.should == []
  end

  it "accept a separator and chomp:" do
    "a,b,c".lines(",").should == ["a,", "b,", "c"]
    "a\nb\n".lines(chomp: true).should == ["a", "b"]
    "a\r\nb".lines(chomp: true).should == ["a", "b"]
  end

  it "split paragraphs with an empty separator" do
    "a\nb\n\n\nc\n".lines("").should == ["a\nb\n\n", "c\n"]
  end

  it "each_line yields lines and returns self" do
    out = []
    s = "x\ny"
    s.each_line { |l| out << l }.should equal(s)
    out.should == ["x\n", "y"]
    "x\ny".each_line.to_a.should == ["x\n", "y"]
  end
end

describe "String#codepoints" do
  it "returns the code points" do
    "aé日".codepoints.should == [97, 233, 26085]
  end
end
