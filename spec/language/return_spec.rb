require_relative '../spec_helper'
require_relative 'fixtures/return'

describe "The return keyword" do
  it "returns nil without a value" do
    LangReturnSpecs.none.should be_nil
  end

  it "returns the value" do
    LangReturnSpecs.one.should == 1
  end

  it "returns several values as an Array" do
    LangReturnSpecs.multi.should == [1, 2, 3]
  end

  it "returns a splatted array" do
    LangReturnSpecs.splat.should == [1, 2]
    LangReturnSpecs.splat_mixed.should == [1, 2, 3]
  end

  it "returns early" do
    LangReturnSpecs.early(-1).should == :neg
    LangReturnSpecs.early(1).should == :nonneg
  end

  it "returns from inside a while loop" do
    LangReturnSpecs.from_while.should == 5
  end

  it "runs ensure before returning" do
    log = []
    LangReturnSpecs.from_ensure_body(log).should == :body
    log.should == [:ensure]
  end

  it "is overridden by a return in ensure" do
    LangReturnSpecs.ensure_overrides.should == :ensure
  end

  it "returns from inside case/when" do
    LangReturnSpecs.from_case(1).should == :one
    LangReturnSpecs.from_case(2).should == :other
  end

  it "returns from a rescue clause" do
    LangReturnSpecs.from_rescue.should == :rescued
  end

  it "destructures multiple return values on assignment" do
    a, b, c = LangReturnSpecs.multi
    [a, b, c].should == [1, 2, 3]
  end
end
