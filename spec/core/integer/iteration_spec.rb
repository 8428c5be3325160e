require_relative '../../spec_helper'

describe "Integer#times" do
  it "yields 0 up to self - 1" do
    a = []
    3.times { |i| a << i }
    a.should == [0, 1, 2]
  end

  it "does nothing for zero or negative receivers and returns self" do
    a = []
    0.times { a << 1 }.should == 0
    (-3).times { a << 1 }.should == -3
    a.should == []
  end

  it "returns an Enumerator without a block" do
    5.times.to_a.should == [0, 1, 2, 3, 4]
    3.times.map { |i| i * 2 }.should == [0, 2, 4]
  end
end

describe "Integer#upto and #downto" do
  it "upto yields each integer up to the limit" do
    a = []
    3.upto(6) { |i| a << i }.should == 3
    a.should == [3, 4, 5, 6]
    6.upto(3).to_a.should == []
  end

  it "downto yields each integer down to the limit" do
    a = []
    6.downto(3) { |i| a << i }
    a.should == [6, 5, 4, 3]
  end

  it "upto with a Float limit stops at the limit" do
    1.upto(3.5).to_a.should == [1, 2, 3]
  end

  it "upto returns an Enumerator whose size counts the steps" do
    1.upto(3).size.should == 3
    6.upto(3).size.should == 0
    1.upto(3.5).size.should == 3
  end

  it "raises ArgumentError for a non-numeric limit" do
    -> { 1.upto("a") { } }.should raise_error(ArgumentError, "comparison of Integer with String failed")
  end
end

describe "Integer#step" do
  it "steps up by the given increment" do
    1.step(10, 3).to_a.should == [1, 4, 7, 10]
    a = []
    1.step(10, 4) { |i| a << i }
    a.should == [1, 5, 9]
  end

  it "steps down with a negative increment" do
    10.step(1, -3).to_a.should == [10, 7, 4, 1]
  end

  it "yields Floats when the step is a Float" do
    1.step(2, 0.5).to_a.should == [1.0, 1.5, 2.0]
  end

  it "supports by: and to: keywords" do
    1.step(by: 2, to: 7).to_a.should == [1, 3, 5, 7]
  end

  it "raises ArgumentError for a zero step, with or without a block" do
    -> { 1.step(10, 0) { } }.should raise_error(ArgumentError, "step can't be 0")
    -> { 1.step(3, 0) }.should raise_error(ArgumentError, "step can't be 0")
    -> { 1.step(3, 0.0) }.should raise_error(ArgumentError, "step can't be 0")
  end

  it "treats a nil step as 1" do
    1.step(3, nil).to_a.should == [1, 2, 3]
  end

  it "checks its arguments before returning an ArithmeticSequence" do
    -> { 1.step(3, 1, by: 1) }.should raise_error(ArgumentError, "step is given twice")
    -> { 1.step(foo: 1) }.should raise_error(ArgumentError, "unknown keyword: :foo")
    -> { 1.step(3, "a") { } }.should raise_error(ArgumentError, "comparison of String with 0 failed")
  end

  it "steps towards an infinite limit" do
    1.0.step(Float::INFINITY, 2).first(2).should == [1.0, 3.0]
    1.step(Float::INFINITY).first(2).should == [1.0, 2.0]
  end
end
