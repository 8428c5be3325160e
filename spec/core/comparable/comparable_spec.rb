require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Comparable#== and relational operators" do
  before :each do
    @a = ComparableSpecs::Weird.new(1)
    @b = ComparableSpecs::Weird.new(2)
    @a2 = ComparableSpecs::Weird.new(1)
  end

  it "== returns true when <=> returns 0" do
    (@a == @a2).should == true
    (@a == @b).should == false
  end

  it "== returns true for the same object without calling <=>" do
    (@a == @a).should == true
  end

  it "== returns false when <=> returns nil" do
    (@a == 1).should == false
  end

  it "== lets exceptions from <=> propagate" do
    r = ComparableSpecs::Raising.new
    -> { r == ComparableSpecs::Raising.new }.should raise_error(RuntimeError, "boom")
  end

  it "<, <=, > and >= use <=>" do
    (@a < @b).should == true
    (@a <= @a2).should == true
    (@b > @a).should == true
    (@b >= @a).should == true
    (@b < @a).should == false
  end

  it "relational operators raise ArgumentError when <=> returns nil" do
    -> { @a < 1 }.should raise_error(ArgumentError, "comparison of ComparableSpecs::Weird with 1 failed")
    -> { @a >= "x" }.should raise_error(ArgumentError, "comparison of ComparableSpecs::Weird with String failed")
    -> { @a > nil }.should raise_error(ArgumentError, "comparison of ComparableSpecs::Weird with nil failed")
  end

  it "interprets a non-Integer <=> result by comparing it with 0" do
    (ComparableSpecs::FloatResult.new < 1).should == true
    (ComparableSpecs::FloatResult.new == 1).should == false
    -> { ComparableSpecs::StringResult.new == ComparableSpecs::StringResult.new }.should raise_error(ArgumentError, "comparison of String with 0 failed")
  end

  it "a class that only defines <=> is not Comparable" do
    ComparableSpecs::WithOnlyCompareDefined.include?(Comparable).should == false
    ComparableSpecs::Weird.include?(Comparable).should == true
  end
end

describe "Comparable#between?" do
  it "is inclusive at both ends" do
    a = ComparableSpecs::Weird.new(1)
    b = ComparableSpecs::Weird.new(2)
    c = ComparableSpecs::Weird.new(3)
    b.between?(a, c).should == true
    a.between?(a, c).should == true
    c.between?(a, b).should == false
  end

  it "works for core Comparables" do
    "b".between?("a", "c").should == true
    5.between?(1, 3).should == false
    1.5.between?(1, 2).should == true
  end
end

describe "Comparable#clamp" do
  before :each do
    @one = ComparableSpecs::Weird.new(1)
    @two = ComparableSpecs::Weird.new(2)
    @three = ComparableSpecs::Weird.new(3)
  end

  it "returns self when within the bounds" do
    @two.clamp(@one, @three).should equal(@two)
  end

  it "returns the bound when outside it" do
    @one.clamp(@two, @three).should equal(@two)
    @three.clamp(@one, @two).should equal(@two)
  end

  it "accepts a Range" do
    @three.clamp(@one..@two).should equal(@two)
    @one.clamp(@two..).should equal(@two)
    @three.clamp(..@two).should equal(@two)
  end

  it "raises ArgumentError when min > max" do
    -> { @two.clamp(@three, @one) }.should raise_error(ArgumentError, "min argument must be less than or equal to max argument")
  end

  it "raises TypeError for a single non-Range argument" do
    -> { @two.clamp(@one) }.should raise_error(TypeError, "wrong argument type ComparableSpecs::Weird (expected Range)")
    -> { 1.clamp(nil) }.should raise_error(TypeError, "wrong argument type nil (expected Range)")
  end

  it "raises ArgumentError for an exclusive Range" do
    -> { @two.clamp(@one...@three) }.should raise_error(ArgumentError, "cannot clamp with an exclusive range")
  end

  it "works for core Comparables" do
    "z".clamp("a", "m").should == "m"
    1.5.clamp(2, 3).should == 2
    10.clamp(1, 5).should == 5
  end
end

describe "Comparable on core classes" do
  it "String, Integer and Float include Comparable" do
    String.include?(Comparable).should == true
    Integer.include?(Comparable).should == true
    Float.include?(Comparable).should == true
  end

  it "sorting uses <=>" do
    ws = [3, 1, 2].map { |i| ComparableSpecs::Weird.new(i) }
    ws.sort.map(&:value).should == [1, 2, 3]
    ws.max.value.should == 3
    ws.min.value.should == 1
  end
end
