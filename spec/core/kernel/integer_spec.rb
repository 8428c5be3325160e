require_relative '../../spec_helper'

describe "Kernel#Integer" do
  it "returns Integers unchanged and truncates Floats" do
    Integer(42).should == 42
    Integer(2**70).should == 2**70
    Integer(3.99).should == 3
    Integer(-3.99).should == -3
    Integer(1e20).should == 100000000000000000000
  end

  it "parses decimal strings with surrounding whitespace and underscores" do
    Integer("42").should == 42
    Integer("  -42  ").should == -42
    Integer("+7").should == 7
    Integer("1_000").should == 1000
    Integer("123456789012345678901234567890").should == 123456789012345678901234567890
  end

  it "honours radix prefixes" do
    Integer("0x1f").should == 31
    Integer("0b101").should == 5
    Integer("0o17").should == 15
    Integer("017").should == 15
    Integer("-0x10").should == -16
  end

  it "accepts an explicit base" do
    Integer("ff", 16).should == 255
    Integer("101", 2).should == 5
    Integer("z", 36).should == 35
    Integer("0x1f", 16).should == 31
  end

  it "raises ArgumentError for invalid strings" do
    -> { Integer("abc") }.should raise_error(ArgumentError, 'invalid value for Integer(): "abc"')
    -> { Integer("12abc") }.should raise_error(ArgumentError, 'invalid value for Integer(): "12abc"')
    -> { Integer("") }.should raise_error(ArgumentError, 'invalid value for Integer(): ""')
    -> { Integer("1__0") }.should raise_error(ArgumentError, 'invalid value for Integer(): "1__0"')
    -> { Integer("3.5") }.should raise_error(ArgumentError, 'invalid value for Integer(): "3.5"')
    -> { Integer("2", 2) }.should raise_error(ArgumentError, 'invalid value for Integer(): "2"')
  end

  it "validates the base" do
    -> { Integer("z", 37) }.should raise_error(ArgumentError, "invalid radix 37")
    -> { Integer("1", 1) }.should raise_error(ArgumentError, "invalid radix 1")
    Integer("10", -2).should == 2
  end

  it "rejects strings with a null byte" do
    -> { Integer("1\0") }.should raise_error(ArgumentError, 'invalid value for Integer(): "1\u0000"')
  end

  it "raises TypeError for nil and non-convertible objects" do
    -> { Integer(true) }.should raise_error(TypeError, "can't convert true into Integer")
    -> { Integer(nil) }.should raise_error(TypeError, "can't convert nil into Integer")
    -> { Integer(Object.new) }.should raise_error(TypeError, "can't convert Object into Integer")
  end

  it "raises FloatDomainError for NaN and Infinity" do
    -> { Integer(Float::NAN) }.should raise_error(FloatDomainError, "NaN")
    -> { Integer(Float::INFINITY) }.should raise_error(FloatDomainError, "Infinity")
  end

  it "raises ArgumentError for a base with a non-String" do
    -> { Integer(1, 2) }.should raise_error(ArgumentError, "base specified for non string value")
  end

  it "returns nil instead of raising with exception: false" do
    Integer("abc", exception: false).should == nil
    Integer(nil, exception: false).should == nil
    Integer("12", exception: false).should == 12
  end

  it "calls to_int, then to_i" do
    o = Object.new
    def o.to_int; 7; end
    Integer(o).should == 7
    p = Object.new
    def p.to_i; 8; end
    Integer(p).should == 8
  end
end
