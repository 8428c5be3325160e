require_relative '../../spec_helper'

describe "String#scan" do
  it "returns all matches" do
    "a1b22c333".scan(/\d+/).should == ["1", "22", "333"]
    "hello".scan("l").should == ["l", "l"]
    "hello".scan(/x/).should == []
  end

  it "returns arrays of groups when the pattern has groups" do
    "a1b2".scan(/([a-z])(\d)/).should == [["a", "1"], ["b", "2"]]
    "ab".scan(/(a)|(b)/).should == [["a", nil], [nil, "b"]]
  end

  it "yields each match with a block and returns self" do
    out = []
    s = "a1b2"
    s.scan(/\d/) { |d| out << d }.should equal(s)
    out.should == ["1", "2"]
    out = []
    "a1b2".scan(/([a-z])(\d)/) { |l, d| out << l + d }
    out.should == ["a1", "b2"]
  end

  it "advances past empty matches" do
    "abc".scan(//).should == ["", "", "", ""]
    "日本".scan(/./).should == ["日", "本"]
  end

  it "sets $~ to the last match" do
    "a1b2".scan(/\d/)
    $~[0].should == "2"
  end
end

describe "String#=~" do
  it "returns the character index of the match or nil" do
    ("hello" =~ /ll/).should == 2
    ("hello" =~ /z/).should == nil
    ("日本語" =~ /語/).should == 2
  end

  it "sets $~ and $1" do
    "key=val" =~ /(\w+)=(\w+)/
    $~[0].should == "key=val"
    $1.should == "key"
    $2.should == "val"
  end

  it "raises TypeError for a String argument" do
    -> { "a" =~ "a" }.should raise_error(TypeError, "type mismatch: String given")
  end
end

describe "String#match" do
  it "returns MatchData or nil" do
    m = "hello".match(/l(l)o/)
    m[0].should == "llo"
    m[1].should == "l"
    "hello".match(/z/).should == nil
  end

  it "converts a String pattern to a Regexp" do
    "a.c".match(".").to_a.should == ["a"]
    "a.c".match?("a.c").should == true
    "abc".match?("a.c").should == true
  end

  it "starts at the given position" do
    "abab".match(/ab/, 1).begin(0).should == 2
  end

  it "yields the MatchData to a block" do
    "hello".match(/e/) { |m| m.pre_match }.should == "h"
  end
end

describe "String#match?" do
  it "returns a boolean and does not set $~" do
    "x" =~ /x/
    "hello".match?(/ll/).should == true
    "hello".match?(/z/).should == false
    "hello".match?("ll").should == true
    "hello".match?(/h/, 1).should == false
    $~[0].should == "x"
  end
end

describe "String#partition and #rpartition" do
  it "split around the first or last separator" do
    "a-b-c".partition("-").should == ["a", "-", "b-c"]
    "a-b-c".rpartition("-").should == ["a-b", "-", "c"]
    "abc".partition("-").should == ["abc", "", ""]
    "abc".rpartition("-").should == ["", "", "abc"]
    "a1b2".partition(/\d/).should == ["a", "1", "b2"]
    "a1b2".rpartition(/\d/).should == ["a1b", "2", ""]
  end
end
