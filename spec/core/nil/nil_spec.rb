require_relative '../../spec_helper'

describe "NilClass#to_s, #to_a, #to_h, #to_i, #to_f" do
  it "convert to empty values" do
    nil.to_s.should == ""
    nil.to_a.should == []
    nil.to_h.should == {}
    nil.to_i.should == 0
    nil.to_f.should == 0.0
  end

  it "to_s returns a frozen String" do
    nil.to_s.frozen?.should == true
  end
end

describe "NilClass#inspect" do
  it "returns \"nil\"" do
    nil.inspect.should == "nil"
    [nil].inspect.should == "[nil]"
  end
end

describe "NilClass#&" do
  it "always returns false" do
    (nil & true).should == false
    (nil & nil).should == false
  end
end

describe "NilClass#|" do
  it "returns whether the argument is truthy" do
    (nil | true).should == true
    (nil | 1).should == true
    (nil | nil).should == false
    (nil | false).should == false
  end
end

describe "NilClass#^" do
  it "returns whether the argument is truthy" do
    (nil ^ 1).should == true
    (nil ^ nil).should == false
  end
end

describe "NilClass#nil? and #!" do
  it "answer for nil" do
    nil.nil?.should == true
    (!nil).should == true
    1.nil?.should == false
  end
end

describe "NilClass" do
  it "has a single frozen instance" do
    nil.class.should == NilClass
    nil.frozen?.should == true
    nil.should equal(nil)
    (nil == false).should == false
  end

  it "raises NoMethodError for unknown methods" do
    -> { nil.upcase }.should raise_error(NoMethodError, "undefined method 'upcase' for nil")
  end

  it "supports safe navigation" do
    nil&.length.should == nil
  end

  it "cannot be instantiated" do
    -> { NilClass.new }.should raise_error(NoMethodError)
  end
end

describe "NilClass#to_s result" do
  it "is the same frozen String each time" do
    nil.to_s.should equal(nil.to_s)
  end
end
