require_relative '../../spec_helper'

describe "MatchData#[]" do
  before :each do
    @m = /(?<first>\w+) (?<last>\w+)/.match("John Smith!")
  end

  it "returns groups by index" do
    @m[0].should == "John Smith"
    @m[1].should == "John"
    @m[2].should == "Smith"
    @m[3].should == nil
    @m[-1].should == "Smith"
    @m[-2].should == "John"
    @m[-4].should == nil
  end

  it "returns groups by name" do
    @m[:first].should == "John"
    @m["last"].should == "Smith"
  end

  it "raises IndexError for an unknown name" do
    -> { @m[:nope] }.should raise_error(IndexError, "undefined group name reference: nope")
  end

  it "supports start and length and ranges" do
    @m[1, 2].should == ["John", "Smith"]
    @m[0..1].should == ["John Smith", "John"]
  end
end

describe "MatchData#pre_match and #post_match" do
  it "return the text around the match" do
    m = /b+/.match("aabbcc")
    m.pre_match.should == "aa"
    m.post_match.should == "cc"
    m = /x*/.match("abc")
    m.pre_match.should == ""
    m.post_match.should == "abc"
  end
end

describe "MatchData#captures, #to_a and #values_at" do
  it "return the groups" do
    m = /(.)(.)(\d)?/.match("ab")
    m.captures.should == ["a", "b", nil]
    m.to_a.should == ["ab", "a", "b", nil]
    m.values_at(0, 2, -2).should == ["ab", "b", "b"]
    m.size.should == 4
    m.length.should == 4
  end
end

describe "MatchData#named_captures and #names" do
  it "map names to groups" do
    m = /(?<y>\d+)-(?<m>\d+)/.match("2024-05")
    m.named_captures.should == { "y" => "2024", "m" => "05" }
    m.names.should == ["y", "m"]
    /(.)/.match("a").names.should == []
  end

  it "supports symbolize_names:" do
    m = /(?<y>\d+)/.match("7")
    m.named_captures(symbolize_names: true).should == { y: "7" }
  end
end

describe "MatchData#begin, #end and #offset" do
  it "return character offsets" do
    m = /(b)(c)?/.match("abd")
    m.begin(0).should == 1
    m.end(0).should == 2
    m.offset(1).should == [1, 2]
    m.begin(2).should == nil
    m.offset(2).should == [nil, nil]
  end

  it "count characters in multibyte strings" do
    m = /語/.match("日本語")
    m.begin(0).should == 2
    m.end(0).should == 3
    m.byteoffset(0).should == [6, 9]
  end

  it "accept group names" do
    m = /(?<x>b)/.match("abc")
    m.begin(:x).should == 1
    m.end("x").should == 2
  end

  it "raise IndexError out of range" do
    -> { /a/.match("a").begin(2) }.should raise_error(IndexError, "index 2 out of matches")
  end
end

describe "MatchData#to_s, #string, #regexp and #inspect" do
  it "describe the match" do
    m = /(?<n>\d)(x)?/.match("a1")
    m.to_s.should == "1"
    m.string.should == "a1"
    m.string.frozen?.should == true
    m.regexp.should == /(?<n>\d)(x)?/
    m.inspect.should == "#<MatchData \"1\" n:\"1\">"
    /(.)(.)/.match("ab").inspect.should == "#<MatchData \"ab\" 1:\"a\" 2:\"b\">"
  end
end

describe "MatchData#== " do
  it "is true for the same match" do
    a = /a/.match("a")
    b = /a/.match("a")
    (a == b).should == true
  end
end

describe "MatchData#deconstruct and #deconstruct_keys" do
  it "support pattern matching" do
    m = /(?<l>[a-z]+)(?<d>\d+)/.match("ab12")
    m.deconstruct.should == ["ab", "12"]
    m.deconstruct_keys([:l]).should == { l: "ab" }
    m.deconstruct_keys(nil).should == { l: "ab", d: "12" }
  end
end

describe "$~ and the special variables" do
  it "expose the last match" do
    "hello world" =~ /o (w)/
    $~.should be_kind_of(MatchData)
    $&.should == "o w"
    $`.should == "hell"
    $'.should == "orld"
    $1.should == "w"
    $+.should == "w"
  end
end

describe "MatchData negative indices" do
  it "never reach group 0" do
    m = /(.)(.)/.match("ab")
    m[-3].should == nil
    m[-1].should == "b"
    /x/.match("x").values_at(-1).should == [nil]
  end
end
