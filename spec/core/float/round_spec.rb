require_relative '../../spec_helper'

describe "Float#round" do
  it "rounds half away from zero by default" do
    2.5.round.should == 3
    3.5.round.should == 4
    -2.5.round.should == -3
    2.4.round.should == 2
    2.5.round.should be_an_instance_of(Integer)
  end

  it "rounds to a number of digits" do
    3.14159.round(2).should == 3.14
    1.23456789.round(3).should == 1.235
    2.675.round(2).should == 2.68
    1.005.round(2).should == 1.01
    0.5.round(1).should == 0.5
    12345.678.round(-2).should == 12300
    12345.678.round(-2).should be_an_instance_of(Integer)
    1.5.round(400).should == 1.5
    1e20.round(2).should == 1e20
  end

  it "supports half: :even, :up and :down" do
    2.5.round(half: :even).should == 2
    3.5.round(half: :even).should == 4
    2.5.round(half: :up).should == 3
    2.5.round(half: :down).should == 2
    -2.5.round(half: :down).should == -2
    0.125.round(2, half: :even).should == 0.12
    0.125.round(2, half: :up).should == 0.13
    0.375.round(2, half: :down).should == 0.37
    2.5.round(half: nil).should == 3
    2.5.round(half: "even").should == 2
    2.5.round(half: :UP).should == 3
    2.5.round(half: :Even).should == 2
  end

  it "treats a product a hair below a tie as a tie for half: :even" do
    -0.78275.round(4, half: :even).should == -0.7828
    -110.65.round(1, half: :even).should == -110.7
  end

  it "truncates to an Integer before rounding to negative digits" do
    74.575.round(-1).should == 70
    -4.56625.round(-1).should == 0
    5.72.round(-1, half: :up).should == 10
  end

  it "returns positive zero when a tiny negative rounds away" do
    -0.0033125.round(1).should be_positive_zero
  end

  it "raises ArgumentError for an invalid mode" do
    -> { 2.5.round(half: :foo) }.should raise_error(ArgumentError, "invalid rounding mode: foo")
  end

  it "raises FloatDomainError for NaN and Infinity" do
    -> { Float::NAN.round }.should raise_error(FloatDomainError, "NaN")
    -> { Float::INFINITY.round }.should raise_error(FloatDomainError, "Infinity")
    Float::INFINITY.round(2).should == Float::INFINITY
  end
end

describe "Float#floor, #ceil and #truncate" do
  it "return Integers without digits" do
    3.7.floor.should == 3
    -3.7.floor.should == -4
    3.2.ceil.should == 4
    -3.2.ceil.should == -3
    3.7.truncate.should == 3
    -3.7.truncate.should == -3
  end

  it "accept a number of digits" do
    3.14159.floor(2).should == 3.14
    3.14159.ceil(2).should == 3.15
    -3.14159.floor(2).should == -3.15
    -3.14159.truncate(2).should == -3.14
    12345.678.floor(-2).should == 12300
    12345.678.ceil(-2).should == 12400
    1.1.floor(1).should == 1.1
    -9.995.ceil(4).should == -9.9949
    -9.995.truncate(4).should == -9.9949
    2.3.ceil(1).should == 2.3
  end
end
