require_relative '../../spec_helper'

describe "Float arithmetic" do
  it "adds, subtracts, multiplies and divides" do
    (1.5 + 2).should == 3.5
    (0.1 + 0.2).should == 0.30000000000000004
    (1.0 - 0.9).should == 0.09999999999999998
    (3.3 * 3).should == 9.899999999999999
    (100.0 / 3.0).should == 33.333333333333336
    (1.5 + 2**70).should == 1.1805916207174113e+21
  end

  it "divides by zero giving Infinity or NaN" do
    (1.0 / 0).should == Float::INFINITY
    (-1.0 / 0).should == -Float::INFINITY
    (0.0 / 0).nan?.should == true
  end

  it "% uses floor semantics" do
    (3.7 % 1).should be_close(0.7, TOLERANCE)
    (-3.7 % 1).should be_close(0.3, TOLERANCE)
    (7.5 % -2).should == -0.5
    (6.0 % 2).should == 0.0
    7.5.modulo(2).should == 1.5
  end

  it "% and remainder raise ZeroDivisionError for a zero divisor" do
    -> { 3.7 % 0 }.should raise_error(ZeroDivisionError, "divided by 0")
    -> { 3.7 % 0.0 }.should raise_error(ZeroDivisionError, "divided by 0")
    -> { 3 % 0.0 }.should raise_error(ZeroDivisionError, "divided by 0")
    -> { 5.0.remainder(0) }.should raise_error(ZeroDivisionError, "divided by 0")
    -> { 5.remainder(0.0) }.should raise_error(ZeroDivisionError, "divided by 0")
    (5.0 / 0).should == Float::INFINITY
  end

  it "divmod returns the floored quotient as an Integer" do
    12.34.divmod(5).should == [2, 2.34]
    -7.5.divmod(2).should == [-4, 0.5]
    7.0.divmod(-2).should == [-4, -1.0]
    -> { 1.0.divmod(0) }.should raise_error(ZeroDivisionError, "divided by 0")
  end

  it "div and remainder" do
    7.5.div(2).should == 3
    -7.5.div(2).should == -4
    7.5.remainder(2).should == 1.5
    -7.5.remainder(2).should == -1.5
  end

  it "** raises to a power" do
    (2.0 ** 10).should == 1024.0
    (4.0 ** 0.5).should == 2.0
    (2.0 ** -1).should == 0.5
  end

  it "overflows to Infinity" do
    (1e308 * 10).should == Float::INFINITY
    (-1e308 * 10).should == -Float::INFINITY
  end

  it "raises TypeError for non-numeric arguments" do
    -> { 1.5 + nil }.should raise_error(TypeError, "nil can't be coerced into Float")
    -> { 1.5 * "a" }.should raise_error(TypeError, "String can't be coerced into Float")
  end

  it "-@ and abs" do
    (-2.5).abs.should == 2.5
    2.5.abs.should == 2.5
    (-0.0).abs.should be_positive_zero
    (-(0.0)).should be_negative_zero
  end
end

describe "Float comparison" do
  it "compares with Integers and Floats" do
    (1.5 <=> 2).should == -1
    (2.0 <=> 1).should == 1
    (2.0 <=> 2).should == 0
    (1.0 <=> "a").should == nil
    (Float::NAN <=> 1).should == nil
    (3.0 == 3).should == true
    (0.0 == -0.0).should == true
    (Float::NAN == Float::NAN).should == false
    3.0.eql?(3).should == false
    3.0.eql?(3.0).should == true
    (2.0**70 == 2**70).should == true
    (1e20 < 2**70).should == true
  end

  it "< raises ArgumentError for non-numeric arguments" do
    -> { 1.0 < "a" }.should raise_error(ArgumentError, "comparison of Float with String failed")
  end

  it "equal floats have equal hashes" do
    1.5.hash.should == 1.5.hash
  end
end

describe "Float predicates" do
  it "nan?, infinite? and finite?" do
    (0.0 / 0).nan?.should == true
    1.5.nan?.should == false
    (1 / 0.0).infinite?.should == 1
    (-1 / 0.0).infinite?.should == -1
    1.0.infinite?.should == nil
    1.0.finite?.should == true
    Float::NAN.finite?.should == false
  end

  it "zero?, positive?, negative? and integer?" do
    0.0.zero?.should == true
    -0.0.zero?.should == true
    -1.5.negative?.should == true
    1.5.positive?.should == true
    1.0.integer?.should == false
  end

  it "next_float and prev_float" do
    (1.0.next_float > 1.0).should == true
    (1.0.prev_float < 1.0).should == true
    1.0.next_float.should == 1.0000000000000002
  end
end

describe "Float constants" do
  it "have the IEEE 754 double values" do
    Float::INFINITY.should == 1.0 / 0
    Float::EPSILON.should == 2.220446049250313e-16
    Float::MAX.should == 1.7976931348623157e+308
    Float::MIN.should == 2.2250738585072014e-308
    Float::DIG.should == 15
    Float::MANT_DIG.should == 53
    Float::NAN.nan?.should == true
  end
end

describe "Float#to_i and #to_r" do
  it "to_i truncates" do
    3.99.to_i.should == 3
    -3.99.to_i.should == -3
    1e20.to_i.should == 100000000000000000000
    -> { Float::NAN.to_i }.should raise_error(FloatDomainError, "NaN")
    -> { Float::INFINITY.to_i }.should raise_error(FloatDomainError, "Infinity")
  end

  it "to_r is exact" do
    1.5.to_r.should == Rational(3, 2)
    0.1.to_r.should == Rational(3602879701896397, 36028797018963968)
  end

  it "rationalize finds the simplest rational" do
    0.1.rationalize.should == Rational(1, 10)
    0.333.rationalize(Rational(1, 100)).should == Rational(1, 3)
    3.14159.rationalize(Rational(1, 100)).should == Rational(22, 7)
  end
end
