require_relative '../../spec_helper'

describe "String#to_i" do
  it "parses a leading integer" do
    "123".to_i.should == 123
    "  -42abc".to_i.should == -42
    "+7".to_i.should == 7
    "1_000".to_i.should == 1000
    "1__0".to_i.should == 1
    "abc".to_i.should == 0
    "".to_i.should == 0
    "12345678901234567890".to_i.should == 12345678901234567890
  end

  it "accepts a base" do
    "ff".to_i(16).should == 255
    "0x1A".to_i(16).should == 26
    "101".to_i(2).should == 5
    "0b101".to_i(0).should == 5
    "0o17".to_i(0).should == 15
    "z".to_i(36).should == 35
  end

  it "raises ArgumentError for an invalid base" do
    -> { "1".to_i(1) }.should raise_error(ArgumentError, "invalid radix 1")
    -> { "1".to_i(37) }.should raise_error(ArgumentError, "invalid radix 37")
  end
end

describe "String#to_f" do
  it "parses a leading float" do
    "1.5".to_f.should == 1.5
    "  -2.5e3x".to_f.should == -2500.0
    ".5".to_f.should == 0.5
    "1_000.5".to_f.should == 1000.5
    "abc".to_f.should == 0.0
    "1e".to_f.should == 1.0
  end
end

describe "String#hex and #oct" do
  it "parse hexadecimal and octal" do
    "ff".hex.should == 255
    "-0x1f".hex.should == -31
    "zz".hex.should == 0
    "17".oct.should == 15
    "0x1f".oct.should == 31
    "0b11".oct.should == 3
    "-10".oct.should == -8
    "9".oct.should == 0
  end
end

describe "String#ord" do
  it "returns the first character's code point" do
    "a".ord.should == 97
    "日本".ord.should == 26085
  end

  it "raises ArgumentError for an empty string" do
    -> { "".ord }.should raise_error(ArgumentError, "empty string")
  end
end

describe "String#to_s and #to_str" do
  it "return self" do
    s = "abc"
    s.to_s.should equal(s)
    s.to_str.should equal(s)
  end
end

describe "String#to_sym and #intern" do
  it "return the symbol" do
    "abc".to_sym.should == :abc
    "foo bar".intern.should == :"foo bar"
    "".to_sym.should == :""
  end
end

describe "String#inspect" do
  it "quotes and escapes" do
    "abc".inspect.should == "\"abc\""
    "a\"b\\c".inspect.should == "\"a\\\"b\\\\c\""
    "\n\t\r\e\a\b\f\v".inspect.should == "\"\\n\\t\\r\\e\\a\\b\\f\\v\""
    "\0\x01\x7f".inspect.should == "\"\\u0000\\u0001\\u007F\""
    '#{x} #$y #@z #a'.inspect.should == "\"\\\#{x} \\\#$y \\\#@z #a\""
  end

  it "keeps printable multibyte characters" do
    "日本é".inspect.should == "\"日本é\""
  end

  it "escapes invalid bytes and binary strings" do
    "\xff".inspect.should == "\"\\xFF\""
    "é".b.inspect.should == "\"\\xC3\\xA9\""
  end
end

describe "String#dump" do
  it "escapes non-ASCII characters" do
    "é\n".dump.should == "\"\\u00E9\\n\""
    "日".dump.should == "\"\\u65E5\""
    "\x01".dump.should == "\"\\x01\""
    "😀".dump.should == "\"\\u{1F600}\""
  end

  it "round-trips through undump" do
    s = "a\"b\\ é 日\n\t"
    s.dump.undump.should == s
  end
end

describe "String#succ" do
  it "increments the rightmost alphanumeric" do
    "a".succ.should == "b"
    "az".succ.should == "ba"
    "zz".succ.should == "aaa"
    "a9".succ.should == "b0"
    "Zz".succ.should == "AAa"
    "1.9".succ.should == "2.0"
    "-9".succ.should == "-10"
    "".succ.should == ""
  end

  it "increments the last byte when there are no alphanumerics" do
    "***".succ.should == "**+"
  end

  it "succ! and next! modify in place" do
    s = "ay"
    s.succ!.should equal(s)
    s.should == "az"
    s.next!
    s.should == "ba"
  end
end

describe "String#upto" do
  it "iterates successive values" do
    "a".upto("e").to_a.should == ["a", "b", "c", "d", "e"]
    "9".upto("11").to_a.should == ["9", "10", "11"]
    "a".upto("c", true).to_a.should == ["a", "b"]
    "b".upto("a").to_a.should == []
  end
end

describe "String#reverse" do
  it "reverses characters" do
    "abc".reverse.should == "cba"
    "日本語".reverse.should == "語本日"
    "".reverse.should == ""
    s = "ab"
    s.reverse!.should equal(s)
    s.should == "ba"
  end
end

describe "String#freeze and #frozen?" do
  it "freezes the receiver" do
    s = +"abc"
    s.frozen?.should == false
    s.freeze.should equal(s)
    s.frozen?.should == true
    -> { s << "d" }.should raise_error(FrozenError, "can't modify frozen String: \"abc\"")
  end
end

describe "String#dup and #clone" do
  it "dup returns an unfrozen copy" do
    s = "abc".freeze
    d = s.dup
    d.should == s
    d.frozen?.should == false
    d << "d"
    s.should == "abc"
  end

  it "clone keeps the frozen state unless freeze: false" do
    s = "abc".freeze
    s.clone.frozen?.should == true
    s.clone(freeze: false).frozen?.should == false
  end

  it "+@ returns an unfrozen string and -@ a frozen one" do
    f = "abc".freeze
    (+f).frozen?.should == false
    (-(+"x")).frozen?.should == true
  end
end

describe "String#replace, #clear, #insert and #prepend" do
  it "modify the receiver" do
    s = "abc"
    s.replace("xy").should equal(s)
    s.should == "xy"
    s.insert(1, "-").should == "x-y"
    s.insert(-1, "!").should == "x-y!"
    s.prepend(">", ">").should == ">>x-y!"
    s.clear.should == ""
  end

  it "insert raises IndexError out of range" do
    -> { "ab".insert(5, "x") }.should raise_error(IndexError, "index 5 out of string")
  end
end

describe "String#sum" do
  it "returns a simple checksum" do
    "abc".sum.should == 294
    "abc".sum(4).should == 6
  end
end
