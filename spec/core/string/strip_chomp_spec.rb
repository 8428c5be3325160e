require_relative '../../spec_helper'

describe "String#strip" do
  it "removes leading and trailing whitespace" do
    "  hello  ".strip.should == "hello"
    "\t\n\v\f\r hello \t\n\v\f\r".strip.should == "hello"
    "hello".strip.should == "hello"
    "   ".strip.should == ""
    "".strip.should == ""
  end

  it "removes leading and trailing NUL" do
    "\0 hello \0".strip.should == "hello"
    "\0a".lstrip.should == "a"
    "a\0".rstrip.should == "a"
  end

  it "keeps inner whitespace and non-ASCII spaces" do
    " a  b ".strip.should == "a  b"
    "\u3000a\u3000".strip.should == "\u3000a\u3000"
  end
end

describe "String#lstrip and #rstrip" do
  it "strip one side" do
    "  a  ".lstrip.should == "a  "
    "  a  ".rstrip.should == "  a"
    "a\n\n".rstrip.should == "a"
  end
end

describe "String strip bang methods" do
  it "return self when changed and nil otherwise" do
    s = " a "
    s.strip!.should equal(s)
    s.should == "a"
    s.strip!.should == nil
    " a".lstrip!.should == "a"
    "a".lstrip!.should == nil
    "a ".rstrip!.should == "a"
    "a".rstrip!.should == nil
  end
end

describe "String#chomp" do
  it "removes one trailing line separator" do
    "hello\n".chomp.should == "hello"
    "hello\r\n".chomp.should == "hello"
    "hello\r".chomp.should == "hello"
    "hello\n\n".chomp.should == "hello\n"
    "hello".chomp.should == "hello"
    "".chomp.should == ""
  end

  it "removes a given suffix" do
    "hello".chomp("llo").should == "he"
    "hello".chomp("x").should == "hello"
  end

  it "removes all trailing newlines with an empty separator" do
    "hello\n\n\r\n".chomp("").should == "hello"
    "hello\r".chomp("").should == "hello\r"
  end

  it "returns the string unchanged for nil" do
    "hello\n".chomp(nil).should == "hello\n"
  end
end

describe "String#chomp!" do
  it "returns nil when nothing was removed" do
    s = "a\n"
    s.chomp!.should equal(s)
    s.should == "a"
    s.chomp!.should == nil
  end
end

describe "String#chop" do
  it "removes the last character" do
    "hello".chop.should == "hell"
    "hello\r\n".chop.should == "hello"
    "hello\n\r".chop.should == "hello\n"
    "a".chop.should == ""
    "".chop.should == ""
    "日本".chop.should == "日"
  end

  it "chop! returns nil for an empty string" do
    "".chop!.should == nil
    s = "ab"
    s.chop!.should equal(s)
    s.should == "a"
  end
end

describe "String#delete_prefix and #delete_suffix" do
  it "remove the affix when present" do
    "hello".delete_prefix("he").should == "llo"
    "hello".delete_prefix("x").should == "hello"
    "hello".delete_suffix("lo").should == "hel"
    "hello".delete_suffix("x").should == "hello"
    "hello".delete_suffix!("x").should == nil
  end
end
