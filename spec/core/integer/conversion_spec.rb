require_relative '../../spec_helper'

describe "Integer#to_s" do
  it "converts to decimal by default" do
    255.to_s.should == "255"
    -255.to_s.should == "-255"
    (2**100).to_s.should == "1267650600228229401496703205376"
  end

  it "converts to the given base" do
    255.to_s(2).should == "11111111"
    255.to_s(16).should == "ff"
    255.to_s(8).should == "377"
    -255.to_s(36).should == "-73"
    (2**64).to_s(16).should == "10000000000000000"
  end

  it "raises ArgumentError for an invalid base" do
    -> { 1.to_s(1) }.should raise_error(ArgumentError, "invalid radix 1")
    -> { 1.to_s(37) }.should raise_error(ArgumentError, "invalid radix 37")
  end

  it "inspect is the same as to_s" do
    42.inspect.should == "42"
    (-(2**70)).inspect.should == "-1180591620717411303424"
  end
end

describe "Integer#digits" do
  it "returns the digits least significant first" do
    1234.digits.should == [4, 3, 2, 1]
    0.digits.should == [0]
    255.digits(16).should == [15, 15]
    (10**20).digits.size.should == 21
  end

  it "raises Math::DomainError for a negative receiver" do
    -> { -1.digits }.should raise_error(Math::DomainError, "out of domain")
  end

  it "raises ArgumentError for a base below 2" do
    -> { 10.digits(1) }.should raise_error(ArgumentError, "invalid radix 1")
    -> { 10.digits(-2) }.should raise_error(ArgumentError, "negative radix")
  end
end

describe "Integer#chr and #ord" do
  it "chr returns the character for a byte" do
    65.chr.should == "A"
    255.chr.bytes.should == [255]
    0x3042.chr(Encoding::UTF_8).should == "\u3042"
  end

  it "chr raises RangeError out of range" do
    -> { 256.chr }.should raise_error(RangeError, "256 out of char range")
    -> { -1.chr }.should raise_error(RangeError, "-1 out of char range")
  end

  it "ord returns self" do
    97.ord.should == 97
  end
end

describe "Integer#succ, #next and #pred" do
  it "returns the next and previous integer" do
    7.succ.should == 8
    7.next.should == 8
    7.pred.should == 6
    (2**62 - 1).succ.should == 4611686018427387904
    (-(2**62)).pred.should == -4611686018427387905
  end
end

describe "Integer#to_f, #to_i, #to_r" do
  it "converts" do
    7.to_f.should == 7.0
    7.to_f.should be_an_instance_of(Float)
    7.to_i.should == 7
    7.to_r.should == Rational(7, 1)
    (2**64).to_f.should == 18446744073709551616.0
  end
end

describe "Integer#round, #floor, #ceil, #truncate" do
  it "return self without digits" do
    5.round.should == 5
    5.floor.should == 5
  end

  it "round to a negative number of digits" do
    15.round(-1).should == 20
    25.round(-1).should == 30
    -15.round(-1).should == -20
    25.round(-1, half: :even).should == 20
    35.round(-1, half: :down).should == 30
    14.floor(-1).should == 10
    -14.floor(-1).should == -20
    11.ceil(-1).should == 20
    -19.truncate(-1).should == -10
    (10**20 + 5).round(-1).should == 100000000000000000010
  end

  it "raise ArgumentError for an invalid rounding mode" do
    -> { 25.round(-1, half: :foo) }.should raise_error(ArgumentError, "invalid rounding mode: foo")
  end
end

describe "Integer and Float as real numbers in the complex plane" do
  it "real, imag, arg, conj, rect, polar" do
    3.real.should == 3
    3.imag.should == 0
    3.arg.should == 0
    -3.arg.should == Math::PI
    -0.0.arg.should == Math::PI
    0.0.arg.should == 0
    2.5.conj.should == 2.5
    -2.polar.should == [2, Math::PI]
    2.5.rect.should == [2.5, 0]
    1.5.abs2.should == 2.25
  end
end
