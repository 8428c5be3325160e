require_relative '../../spec_helper'

describe "Integer#+, #- and #*" do
  it "add, subtract and multiply fixnums" do
    (3 + 4).should == 7
    (3 - 10).should == -7
    (6 * -7).should == -42
  end

  it "promote to Bignum on overflow and demote back" do
    max = 2**62 - 1
    (max + 1).should == 4611686018427387904
    (max * max).should == 21267647932558653957237540927630737409
    ((max + 1) - 1).should == max
    (-max - 2).should == -4611686018427387905
    (2**64 - 2**64).should == 0
    (2**64 - 2**64).should.equal?(0)
  end

  it "return a Float with a Float argument" do
    (1 + 1.5).should == 2.5
    (3 * 0.5).should == 1.5
    (2**64 + 0.0).should == 18446744073709551616.0
  end

  it "raise TypeError for non-numeric arguments" do
    -> { 1 + nil }.should raise_error(TypeError, "nil can't be coerced into Integer")
    -> { 1 + "2" }.should raise_error(TypeError, "String can't be coerced into Integer")
    -> { 1 * :a }.should raise_error(TypeError, ":a can't be coerced into Integer")
  end
end

describe "Integer#/ and #%" do
  it "use floor semantics" do
    (7 / 2).should == 3
    (-7 / 2).should == -4
    (7 / -2).should == -4
    (-7 / -2).should == 3
    (7 % 3).should == 1
    (-7 % 3).should == 2
    (7 % -3).should == -2
    (-7 % -3).should == -1
    7.modulo(-3).should == -2
  end

  it "work on Bignums with floor semantics" do
    ((10**30) / 7).should == 142857142857142857142857142857
    (-(10**30) / 7).should == -142857142857142857142857142858
    ((10**30) % 7).should == 1
    (-(10**30) % 7).should == 6
  end

  it "return a Float for a Float argument" do
    (7 / 2.0).should == 3.5
    (7 % 2.5).should == 2.0
    (1 / 0.0).should == Float::INFINITY
  end

  it "raise ZeroDivisionError for an Integer zero divisor" do
    -> { 1 / 0 }.should raise_error(ZeroDivisionError, "divided by 0")
    -> { 1 % 0 }.should raise_error(ZeroDivisionError, "divided by 0")
    -> { (2**70) / 0 }.should raise_error(ZeroDivisionError, "divided by 0")
  end
end

describe "Integer#divmod, #div, #remainder and #fdiv" do
  it "divmod returns floor quotient and modulus" do
    7.divmod(2).should == [3, 1]
    -7.divmod(2).should == [-4, 1]
    7.divmod(-2).should == [-4, -1]
    (2**70).divmod(3).should == [393530540239137101141, 1]
    7.divmod(2.0).should == [3, 1.0]
    -> { 1.divmod(0) }.should raise_error(ZeroDivisionError)
  end

  it "div truncates toward negative infinity" do
    10.div(3).should == 3
    -10.div(3).should == -4
    10.div(3.5).should == 2
  end

  it "remainder has the sign of the receiver" do
    7.remainder(3).should == 1
    -7.remainder(3).should == -1
    7.remainder(-3).should == 1
  end

  it "fdiv returns a Float" do
    7.fdiv(2).should == 3.5
    1.fdiv(0).should == Float::INFINITY
  end
end

describe "Integer#** and #pow" do
  it "raises to a non-negative integer power" do
    (2 ** 10).should == 1024
    (2 ** 0).should == 1
    (0 ** 0).should == 1
    ((-2) ** 3).should == -8
    (2 ** 100).should == 1267650600228229401496703205376
    ((-3) ** 41).should == -36472996377170786403
  end

  it "returns a Rational for a negative exponent" do
    (2 ** -1).should == Rational(1, 2)
    (2 ** -1).should be_an_instance_of(Rational)
    ((-2) ** -3).should == Rational(-1, 8)
    -> { 0 ** -1 }.should raise_error(ZeroDivisionError, "divided by 0")
  end

  it "returns a Float for a Float exponent" do
    (4 ** 0.5).should == 2.0
    (2 ** 1.5).should be_close(2.8284271247461903, TOLERANCE)
  end

  it "pow with a modulus computes modular exponentiation" do
    3.pow(100, 7).should == 4
    2.pow(10, 1000).should == 24
    2.pow(100, 10**20).should == 28229401496703205376
    3.pow(3, -5).should == -3
    -> { 2.pow(3, 0) }.should raise_error(ZeroDivisionError)
  end
end

describe "Integer#-@, #abs and #magnitude" do
  it "negate and return the absolute value" do
    (-5).abs.should == 5
    5.abs.should == 5
    (-5).magnitude.should == 5
    (-(2**64)).abs.should == 2**64
    (-(2**62)).should == -4611686018427387904
    (-(-(2**62))).should == 4611686018427387904
  end
end
