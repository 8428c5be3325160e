require_relative '../../spec_helper'

describe "String#slice! with other arguments" do
  it "removes a range or regexp capture" do
    s = "hello world"
    s.slice!(0..5).should == "hello "
    s.should == "world"
    s.slice!(/o(r)/, 1).should == "r"
    s.should == "wold"
    s.slice!("ld").should == "ld"
    s.should == "wo"
    s.slice!("zz").should == nil
    s.slice!(-1).should == "o"
    s.should == "w"
  end

  it "raises FrozenError on a frozen string" do
    -> { "abc".freeze.slice!(0) }.should raise_error(FrozenError)
  end
end

describe "String#insert" do
  it "inserts before the index, or after for negative indices" do
    "abc".insert(0, "X").should == "Xabc"
    "abc".insert(3, "X").should == "abcX"
    "abc".insert(-2, "X").should == "abXc"
    "日本".insert(1, "x").should == "日x本"
  end
end

describe "String#[]= edge cases" do
  it "can append at the end index" do
    s = "ab"
    s[2, 0] = "c"
    s.should == "abc"
  end

  it "raises IndexError for a negative length" do
    -> { s = "ab"; s[0, -1] = "x" }.should raise_error(IndexError, "negative length -1")
  end

  it "raises RangeError for a range out of the string" do
    -> { s = "ab"; s[5..6] = "x" }.should raise_error(RangeError, "5..6 out of range")
  end

  it "replaces a named capture" do
    s = "key=val"
    s[/(?<k>\w+)=/, "k"] = "KEY"
    s.should == "KEY=val"
  end
end

describe "String mutation of frozen strings" do
  it "raises FrozenError with the receiver in the message" do
    s = "abc".freeze
    -> { s.concat("d") }.should raise_error(FrozenError, "can't modify frozen String: \"abc\"")
    -> { s.replace("d") }.should raise_error(FrozenError)
    -> { s.clear }.should raise_error(FrozenError)
    -> { s.gsub!(/a/, "b") }.should raise_error(FrozenError)
    -> { s.strip! }.should raise_error(FrozenError)
    -> { s.squeeze! }.should raise_error(FrozenError)
    -> { s.reverse! }.should raise_error(FrozenError)
    -> { s.force_encoding("BINARY") }.should raise_error(FrozenError)
  end

  it "allows non-mutating methods" do
    s = "abc".freeze
    s.upcase.should == "ABC"
    (s + "d").should == "abcd"
  end
end

describe "String mutation visibility" do
  it "is seen through every reference" do
    a = "ab"
    b = a
    b << "c"
    a.should == "abc"
    b.upcase!
    a.should == "ABC"
  end

  it "Hash keys are copied and frozen" do
    k = "key"
    h = { k => 1 }
    k << "x"
    h.keys.first.should == "key"
    h.keys.first.frozen?.should == true
  end
end

describe "String#succ edge cases" do
  it "carries across alphanumerics of different kinds" do
    "Az".succ.should == "Ba"
    "zz99".succ.should == "aaa00"
    "a-9".succ.should == "a-10"
    "1.9.9".succ.should == "2.0.0"
    "Zz".succ.should == "AAa"
    "a\xFF".b.succ.should == "b\xFF".b
  end
end

describe "String#* and #center with multibyte text" do
  it "handles characters, not bytes" do
    ("日" * 3).length.should == 3
    "x".center(5, "日本").should == "日本x日本"
    "x".ljust(4, "é").should == "xééé"
  end
end

describe "String#squeeze, #count and #delete with multibyte sets" do
  it "handle characters" do
    "aaééébb".squeeze("é").should == "aaébb"
    "日本日本".count("日").should == 2
    "日本語".delete("本").should == "日語"
    "héllo".count("a-zé").should == 5
  end
end
