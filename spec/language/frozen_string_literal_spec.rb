# frozen_string_literal: true
require_relative '../spec_helper'

describe "A string literal with the frozen_string_literal: true comment" do
  it "is frozen" do
    "abc".frozen?.should == true
  end

  it "raises FrozenError on mutation" do
    s = "abc"
    -> { s << "d" }.should raise_error(FrozenError, "can't modify frozen String: \"abc\"")
  end

  it "is the same object each time the same literal is evaluated" do
    a = []
    2.times { a << "same" }
    a[0].should equal(a[1])
  end

  it "is not frozen when interpolated" do
    x = 1
    "v#{x}".frozen?.should == false
  end

  it "can be unfrozen with +@ and dup" do
    (+"abc").frozen?.should == false
    "abc".dup.frozen?.should == false
    s = +"a"
    s << "b"
    s.should == "ab"
  end

  it "does not freeze String.new" do
    String.new("x").frozen?.should == false
  end
end
