require_relative '../../spec_helper'

describe "Integer predicates" do
  it "zero?, positive?, negative? and nonzero?" do
    0.zero?.should == true
    3.zero?.should == false
    3.positive?.should == true
    -3.negative?.should == true
    0.positive?.should == false
    0.nonzero?.should == nil
    5.nonzero?.should == 5
    (2**70).positive?.should == true
  end

  it "even? and odd?" do
    4.even?.should == true
    3.odd?.should == true
    0.even?.should == true
    -3.odd?.should == true
    (2**70).even?.should == true
    (2**70 + 1).odd?.should == true
  end

  it "integer? and finite?" do
    1.integer?.should == true
    1.finite?.should == true
    1.infinite?.should == nil
  end
end

describe "Integer comparison" do
  it "<=> compares with Integers and Floats" do
    (1 <=> 2).should == -1
    (2 <=> 2).should == 0
    (3 <=> 1).should == 1
    (1 <=> 1.5).should == -1
    ((2**70) <=> 1).should == 1
    (1 <=> "a").should == nil
  end

  it "== compares numerically" do
    (1 == 1.0).should == true
    (2**70 == 2.0**70).should == true
    (1 == "1").should == false
  end

  it "eql? requires the same class" do
    1.eql?(1).should == true
    1.eql?(1.0).should == false
    (2**70).eql?(2**70).should == true
  end

  it "< raises ArgumentError for non-numeric arguments" do
    -> { 1 < "a" }.should raise_error(ArgumentError, "comparison of Integer with String failed")
    -> { 1 < nil }.should raise_error(ArgumentError, "comparison of Integer with nil failed")
  end

  it "equal Integers have equal hashes" do
    17.hash.should == 17.hash
    (2**70).hash.should == (2**70).hash
  end
end

describe "Integer#clamp and #between?" do
  it "clamp limits to a range" do
    10.clamp(1, 5).should == 5
    -1.clamp(1, 5).should == 1
    3.clamp(1, 5).should == 3
    10.clamp(1..5).should == 5
    10.clamp(..5).should == 5
    0.clamp(1..).should == 1
  end

  it "clamp raises ArgumentError when min > max" do
    -> { 1.clamp(5, 1) }.should raise_error(ArgumentError, "min argument must be less than or equal to max argument")
  end

  it "between? is inclusive" do
    3.between?(1, 5).should == true
    5.between?(1, 5).should == true
    6.between?(1, 5).should == false
  end
end

describe "Integer#gcd, #lcm and #gcdlcm" do
  it "compute the greatest common divisor and least common multiple" do
    12.gcd(18).should == 6
    12.lcm(18).should == 36
    12.gcdlcm(18).should == [6, 36]
    0.gcd(5).should == 5
    -12.gcd(18).should == 6
    -4.lcm(6).should == 12
    (2**70).gcd(2**35).should == 34359738368
  end

  it "raise TypeError for non-Integer arguments" do
    -> { 12.gcd(1.5) }.should raise_error(TypeError, "not an integer")
  end
end

describe "Integer.sqrt" do
  it "returns the integer square root" do
    Integer.sqrt(99).should == 9
    Integer.sqrt(100).should == 10
    Integer.sqrt(0).should == 0
    Integer.sqrt(10**40).should == 10**20
    Integer.sqrt(24.9).should == 4
  end

  it "raises Math::DomainError for negative numbers" do
    -> { Integer.sqrt(-1) }.should raise_error(Math::DomainError, 'Numerical argument is out of domain - "isqrt"')
  end
end

describe "Integer#coerce" do
  it "returns an Array of the converted values" do
    1.coerce(2).should == [2, 1]
    1.coerce(2.5).should == [2.5, 1.0]
  end
end
