require_relative '../../spec_helper'

describe "Regexp syntax" do
  it "supports character classes and shorthands" do
    "a1_ b".scan(/\w/).should == ["a", "1", "_", "b"]
    "a1 b2".scan(/\d/).should == ["1", "2"]
    "a b\tc".scan(/\s/).should == [" ", "\t"]
    "x-y".scan(/[^a-z]/).should == ["-"]
    "deadBEEF xyz".scan(/\h+/).should == ["deadBEEF"]
    "a1!".scan(/\W/).should == ["!"]
    "a1".scan(/\D/).should == ["a"]
  end

  it "supports POSIX bracket classes" do
    "a1 B".scan(/[[:alpha:]]/).should == ["a", "B"]
    "a1 B".scan(/[[:digit:]]/).should == ["1"]
    "a1 B".scan(/[[:upper:]]/).should == ["B"]
    "a1 B".scan(/[[:space:]]/).should == [" "]
    "a1 B!".scan(/[[:punct:]]/).should == ["!"]
    "a1 B".scan(/[[:alnum:]]+/).should == ["a1", "B"]
  end

  it "supports greedy, lazy and counted quantifiers" do
    "<a><b>"[/<.+>/].should == "<a><b>"
    "<a><b>"[/<.+?>/].should == "<a>"
    "aaaa"[/a{2,3}/].should == "aaa"
    "aaaa"[/a{2,3}?/].should == "aa"
    "aaaa"[/a{2}/].should == "aa"
    "ab"[/ac?b/].should == "ab"
    "aaa"[/a*?/].should == ""
  end

  it "supports anchors" do
    ("ab\ncd" =~ /^cd/).should == 3
    ("ab\ncd" =~ /ab$/).should == 0
    ("ab\ncd" =~ /\Acd/).should == nil
    ("ab\n" =~ /ab\z/).should == nil
    ("ab\n" =~ /ab\Z/).should == 0
    "foo bar".scan(/\bb/).should == ["b"]
    "foobar".scan(/\Bb/).should == ["b"]
  end

  it "supports alternation and groups" do
    "cat dog"[/dog|cat/].should == "cat"
    "abab"[/(?:ab)+/].should == "abab"
    "abcabc".match(/(abc)\1/)[1].should == "abc"
    "2024-05".match(/(?<y>\d+)-\k<y>?/)[0].should == "2024-"
  end

  it "supports lookahead and lookbehind" do
    "price100"[/(?<=price)\d+/].should == "100"
    "100px"[/\d+(?=px)/].should == "100"
    "foo1 bar2"[/\w+(?!1)\d/].should == "bar2"
    "a1b2"[/(?<!a)\d/].should == "2"
  end

  it "supports the i, m and x options" do
    ("ABC" =~ /b/i).should == 1
    ("a\nb" =~ /a.b/).should == nil
    ("a\nb" =~ /a.b/m).should == 0
    ("abc" =~ /a b # comment
               c/x).should == 0
    ("ABC" =~ /(?i)b/).should == 1
    ("ABc" =~ /(?i:a)Bc/).should == 0
  end

  it "dot does not match newline without /m" do
    "a\nb".scan(/./).should == ["a", "b"]
  end

  it "matches multibyte characters as single characters" do
    "日本語"[/./].should == "日"
    "café"[/\w+/].should == "caf"
    "über".match?(/\A\p{L}+\z/).should == true
    "日本 語".scan(/\S+/).should == ["日本", "語"]
  end

  it "supports interpolation in literals" do
    w = "a.c"
    ("abc" =~ /#{w}/).should == 0
    ("abc" =~ /#{Regexp.escape(w)}/).should == nil
  end

  it "raises RegexpError for an invalid pattern" do
    -> { Regexp.new("(") }.should raise_error(RegexpError)
    -> { Regexp.new("[a") }.should raise_error(RegexpError)
  end
end

describe "Regexp syntax extras" do
  it "supports {,n} and duplicate group names" do
    "aaa"[/a{,2}/].should == "aa"
    /(?<x>a)|(?<x>b)/.match("b")[:x].should == "b"
  end

  it "supports character class intersection" do
    "abc"[/[a-c&&b]/].should == "b"
    "hello world".scan(/[a-z&&[^aeiou]]/).join.should == "hllwrld"
    "abc".scan(/[^a-c&&b]/).should == ["a", "c"]
  end
end
