require_relative '../../spec_helper'

describe "FalseClass#to_s and #inspect" do
  it "return \"false\"" do
    false.to_s.should == "false"
    false.inspect.should == "false"
    false.to_s.frozen?.should == true
  end
end

describe "FalseClass#&" do
  it "always returns false" do
    (false & true).should == false
    (false & 1).should == false
  end
end

describe "FalseClass#|" do
  it "returns whether the argument is truthy" do
    (false | true).should == true
    (false | 1).should == true
    (false | nil).should == false
    (false | false).should == false
  end
end

describe "FalseClass#^" do
  it "returns whether the argument is truthy" do
    (false ^ true).should == true
    (false ^ "a").should == true
    (false ^ nil).should == false
  end
end

describe "FalseClass#!" do
  it "returns true" do
    (!false).should == true
    false.class.should == FalseClass
    (false == nil).should == false
    false.nil?.should == false
  end
end

describe "FalseClass#to_s result" do
  it "is the same frozen String each time" do
    false.to_s.should equal(false.to_s)
  end
end
