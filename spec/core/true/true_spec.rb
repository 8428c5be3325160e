require_relative '../../spec_helper'

describe "TrueClass#to_s and #inspect" do
  it "return \"true\"" do
    true.to_s.should == "true"
    true.inspect.should == "true"
    true.to_s.frozen?.should == true
    "#{true}".should == "true"
  end
end

describe "TrueClass#&" do
  it "returns whether the argument is truthy" do
    (true & true).should == true
    (true & 1).should == true
    (true & nil).should == false
    (true & false).should == false
  end
end

describe "TrueClass#|" do
  it "always returns true" do
    (true | false).should == true
    (true | nil).should == true
  end
end

describe "TrueClass#^" do
  it "returns whether the argument is falsy" do
    (true ^ true).should == false
    (true ^ nil).should == true
    (true ^ false).should == true
  end
end

describe "TrueClass#! and ==" do
  it "behave like the boolean true" do
    (!true).should == false
    (true == true).should == true
    (true == 1).should == false
    true.class.should == TrueClass
    true.frozen?.should == true
  end

  it "=== works in case/when" do
    r = case true when TrueClass then :t else :f end
    r.should == :t
  end
end

describe "TrueClass#to_s result" do
  it "is the same frozen String each time" do
    true.to_s.should equal(true.to_s)
  end
end
