require_relative '../../spec_helper'

describe "String#tr" do
  it "translates characters" do
    "hello".tr("el", "ip").should == "hippo"
    "hello".tr("a-y", "b-z").should == "ifmmp"
    "hello".tr("lo", "x").should == "hexxx"
  end

  it "supports negation with ^" do
    "hello".tr("^l", "*").should == "**ll*"
  end

  it "deletes characters with an empty replacement" do
    "hello".tr("l", "").should == "heo"
  end

  it "treats escaped and edge characters literally" do
    "a-b".tr("-", "+").should == "a+b"
    "a^b".tr("\\^", "!").should == "a!b"
    "a-b".tr("a\\-", "xy").should == "xyb"
  end

  it "works with multibyte characters" do
    "日本".tr("日", "月").should == "月本"
    "héllo".tr("é", "e").should == "hello"
  end

  it "tr! returns nil when nothing changes" do
    s = "abc"
    s.tr!("a", "A").should equal(s)
    s.should == "Abc"
    s.tr!("z", "Z").should == nil
  end
end

describe "String#tr_s" do
  it "translates and squeezes translated runs" do
    "hello".tr_s("l", "r").should == "hero"
    "aabbcc".tr_s("ab", "x").should == "xcc"
  end
end

describe "String#delete" do
  it "deletes the characters in the intersection of the sets" do
    "hello".delete("l").should == "heo"
    "hello".delete("lo").should == "he"
    "hello".delete("a-k").should == "llo"
    "hello".delete("^l").should == "ll"
    "hello".delete("lo", "o").should == "hell"
  end

  it "raises ArgumentError without arguments" do
    -> { "a".delete }.should raise_error(ArgumentError, "wrong number of arguments (given 0, expected 1+)")
  end

  it "delete! returns nil when nothing is deleted" do
    "abc".delete!("z").should == nil
    "abc".delete!("b").should == "ac"
  end
end

describe "String#squeeze" do
  it "squeezes runs of the same character" do
    "aaabbbccc".squeeze.should == "abc"
    "  a   b  ".squeeze(" ").should == " a b "
    "aabbcc".squeeze("a-b").should == "abcc"
    "".squeeze.should == ""
    "ああいい".squeeze.should == "あい"
  end

  it "squeeze! returns nil when nothing changes" do
    "abc".squeeze!.should == nil
    "aab".squeeze!.should == "ab"
  end
end

describe "String#count" do
  it "counts characters in the sets' intersection" do
    "hello world".count("lo").should == 5
    "hello world".count("a-z").should == 10
    "hello world".count("^l").should == 8
    "hello world".count("lo", "o").should == 2
    "hello".count("").should == 0
  end

  it "raises ArgumentError without arguments" do
    -> { "a".count }.should raise_error(ArgumentError, "wrong number of arguments (given 0, expected 1+)")
  end
end

describe "String#center, #ljust and #rjust" do
  it "pad with spaces by default" do
    "ab".center(6).should == "  ab  "
    "ab".center(5).should == " ab  "
    "ab".ljust(5).should == "ab   "
    "ab".rjust(5).should == "   ab"
  end

  it "pad with the given pattern" do
    "ab".center(7, "*-").should == "*-ab*-*"
    "ab".ljust(7, "12").should == "ab12121"
    "ab".rjust(7, "12").should == "12121ab"
  end

  it "return a copy when the width is not larger" do
    "hello".center(3).should == "hello"
    "hello".ljust(-1).should == "hello"
  end

  it "count multibyte characters by width in characters" do
    "日本".center(6, "*").should == "**日本**"
    "é".rjust(3).should == "  é"
  end

  it "raise ArgumentError for an empty pad" do
    -> { "a".center(5, "") }.should raise_error(ArgumentError, "zero width padding")
  end
end
