require_relative '../spec_helper'
require_relative 'fixtures/yield'

describe "The yield call" do
  it "passes no arguments" do
    LangYieldSpecs.none { |*a| a }.should == []
  end

  it "passes one argument" do
    LangYieldSpecs.one(1) { |a| a }.should == 1
  end

  it "passes several arguments" do
    LangYieldSpecs.two(1, 2) { |a, b| [a, b] }.should == [1, 2]
    LangYieldSpecs.two(1, 2) { |*a| a }.should == [1, 2]
  end

  it "splats an array argument" do
    LangYieldSpecs.splat(1, 2, 3) { |a, *b| [a, b] }.should == [1, [2, 3]]
  end

  it "auto-splats a single array for a block with several parameters" do
    LangYieldSpecs.ary([1, 2]) { |a, b| [a, b] }.should == [1, 2]
  end

  it "does not auto-splat for a lambda block" do
    l = ->(a, b) { [a, b] }
    -> { LangYieldSpecs.ary([1, 2], &l) }.should raise_error(ArgumentError)
  end

  it "passes keywords" do
    LangYieldSpecs.kw { |k:| k }.should == 1
  end

  it "returns the block's value" do
    LangYieldSpecs.twice { |x| x * 10 }.should == [10, 20]
  end

  it "raises LocalJumpError without a block" do
    -> { LangYieldSpecs.no_block }.should raise_error(LocalJumpError, "no block given (yield)")
  end

  it "is guarded by block_given?" do
    LangYieldSpecs.maybe.should == :none
    LangYieldSpecs.maybe { :some }.should == :some
  end

  it "yields to the method's block from inside another block" do
    LangYieldSpecs.in_block { |x| x + 100 }.should == [101, 102]
  end

  it "runs once per loop iteration" do
    r = []
    LangYieldSpecs.counter { |i| r << i }.should == :done
    r.should == [0, 1, 2]
  end
end
