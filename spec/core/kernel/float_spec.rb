require_relative '../../spec_helper'

describe "Kernel#Float" do
  it "returns Floats unchanged and converts Integers" do
    Float(2.5).should == 2.5
    Float(3).should == 3.0
    Float(3).should be_an_instance_of(Float)
    Float(2**70).should == 1.1805916207174113e+21
  end

  it "parses strings" do
    Float("2.5").should == 2.5
    Float("  2.5  ").should == 2.5
    Float("-1e3").should == -1000.0
    Float("1_000.5").should == 1000.5
    Float("0x1A").should == 26.0
    Float(".5").should == 0.5
    Float("5").should == 5.0
    Float("1e400").should == Float::INFINITY
  end

  ruby_version_is "3.4" do
    it "accepts a trailing decimal point" do
      Float("1.").should == 1.0
      Float("1.e5").should == 100000.0
      Float(" -1. ").should == -1.0
    end
  end

  it "raises ArgumentError for invalid strings" do
    -> { Float("abc") }.should raise_error(ArgumentError, 'invalid value for Float(): "abc"')
    -> { Float("") }.should raise_error(ArgumentError, 'invalid value for Float(): ""')
    -> { Float("1.5x") }.should raise_error(ArgumentError, 'invalid value for Float(): "1.5x"')
    -> { Float("1__0") }.should raise_error(ArgumentError, 'invalid value for Float(): "1__0"')
  end

  it "raises TypeError for nil and non-convertible objects" do
    -> { Float(nil) }.should raise_error(TypeError, "can't convert nil into Float")
    -> { Float(Object.new) }.should raise_error(TypeError, "can't convert Object into Float")
    -> { Float(true) }.should raise_error(TypeError, "can't convert true into Float")
  end

  it "returns nil instead of raising with exception: false" do
    Float("abc", exception: false).should == nil
    Float(nil, exception: false).should == nil
  end

  it "calls to_f" do
    o = Object.new
    def o.to_f; 1.25; end
    Float(o).should == 1.25
  end
end

describe "String#to_f and String#to_i" do
  it "are lenient" do
    "2.5abc".to_f.should == 2.5
    "abc".to_f.should == 0.0
    "5.".to_f.should == 5.0
    "12abc".to_i.should == 12
    "0x1f".to_i.should == 0
    "0x1f".to_i(16).should == 31
  end
end
