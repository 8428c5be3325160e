require_relative '../spec_helper'

describe "String literals" do
  it "interpolate expressions with #{}" do
    x = 3
    "a#{x}b#{x * 2}".should == "a3b6"
    "#{nil}#{:s}#{[1, nil]}".should == "s[1, nil]"
  end

  it 'interpolate instance and global variables with #@ and #$' do
    @lang_lit = "iv"
    $lang_lit = "gv"
    "#@lang_lit #$lang_lit".should == "iv gv"
  end

  it "call to_s on interpolated objects" do
    o = Object.new
    def o.to_s() "custom" end
    "<#{o}>".should == "<custom>"
  end

  it "do not interpolate in single quotes" do
    '#{x}\n'.length.should == 6
  end

  it "support escapes" do
    "\t\n\e\s\0".bytes.should == [9, 10, 27, 32, 0]
    "\u00e9".should == "é"
    "\x41".should == "A"
  end

  it "support heredocs, squiggly heredocs and raw heredocs" do
    a = <<~EOS
      line1
        indented #{1 + 1}
    EOS
    a.should == "line1\n  indented 2\n"
    b = <<-'RAW'
      raw #{x}
      RAW
    b.should == "      raw \#{x}\n"
  end

  it "support %w, %i, %q and %Q" do
    %w[a b].should == ["a", "b"]
    %i[a b].should == [:a, :b]
    %q(it's).should == "it's"
    %Q(#{1}).should == "1"
  end

  it "concatenate adjacent literals" do
    ("a" "b" 'c').should == "abc"
  end

  it "can be mutated without the frozen_string_literal comment" do
    s = "lit"
    s << "x"
    s.should == "litx"
  end

  it "support character literals" do
    ?a.should == "a"
  end
end

describe "Symbol literals" do
  it "support quoted and interpolated symbols" do
    :"a b".to_s.should == "a b"
    x = 1
    :"s#{x}".should == :s1
    %s(q).should == :q
  end

  it "are the same object for the same name" do
    :abc.equal?(:abc).should == true
    "abc".to_sym.equal?(:abc).should == true
  end
end

describe "Array and Hash literals" do
  it "build arrays with splats" do
    a = [2, 3]
    [1, *a, 4].should == [1, 2, 3, 4]
    [*nil].should == []
    [*1..3].should == [1, 2, 3]
  end

  it "build hashes with symbol, string and expression keys" do
    {a: 1, "b" => 2, 3 => 4}.should == {a: 1, "b" => 2, 3 => 4}
    {"quoted key": 1}.keys.should == [:"quoted key"]
  end

  it "merge double-splatted hashes" do
    h = {a: 1}
    {**h, b: 2}.should == {a: 1, b: 2}
    {a: 0, **h}.should == {a: 1}
  end

  it "keep the last value for duplicate keys computed at run time" do
    k = :a
    {k => 1, k => 2}.should == {a: 2}
  end

  it "support value omission" do
    x = 1
    y = 2
    {x:, y:}.should == {x: 1, y: 2}
  end
end

describe "Numeric literals" do
  it "support underscores, radix prefixes and exponents" do
    1_000.should == 1000
    0x1f.should == 31
    0b101.should == 5
    0o17.should == 15
    017.should == 15
    1e3.should == 1000.0
    (2**64).should == 18446744073709551616
  end

  it "support big integers" do
    123456789012345678901234567890.to_s.should == "123456789012345678901234567890"
    (123456789012345678901234567890 + 1).should == 123456789012345678901234567891
  end
end

describe "Range literals" do
  it "support inclusive, exclusive, endless and beginless ranges" do
    (1..3).to_a.should == [1, 2, 3]
    (1...3).to_a.should == [1, 2]
    (1..).first(2).should == [1, 2]
    (..5).include?(3).should == true
    ("a".."c").to_a.should == ["a", "b", "c"]
  end
end
