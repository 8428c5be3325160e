require_relative '../../spec_helper'

describe "Float#to_s" do
  it "prints the shortest representation that round-trips" do
    (0.1 + 0.2).to_s.should == "0.30000000000000004"
    0.1.to_s.should == "0.1"
    1.0.to_s.should == "1.0"
    10.25.to_s.should == "10.25"
    100.0.to_s.should == "100.0"
    1.0e-5.to_s.should == "1.0e-05"
    0.0001.to_s.should == "0.0001"
    123456789.123456789.to_s.should == "123456789.12345679"
  end

  it "switches to exponent form at 1e16" do
    1e15.to_s.should == "1.0e+15"
    9999999999999998.0.to_s.should == "9.999999999999998e+15"
    999999999999999.9.to_s.should == "999999999999999.9"
    1e16.to_s.should == "1.0e+16"
    1e20.to_s.should == "1.0e+20"
    1.5e300.to_s.should == "1.5e+300"
    123456789012345680.0.to_s.should == "1.2345678901234568e+17"
  end

  it "prints zero, negative zero and special values" do
    0.0.to_s.should == "0.0"
    -0.0.to_s.should == "-0.0"
    Float::INFINITY.to_s.should == "Infinity"
    (-Float::INFINITY).to_s.should == "-Infinity"
    Float::NAN.to_s.should == "NaN"
  end

  it "prints extreme magnitudes" do
    Float::MAX.to_s.should == "1.7976931348623157e+308"
    Float::MIN.to_s.should == "2.2250738585072014e-308"
    5.0e-324.to_s.should == "5.0e-324"
  end

  it "inspect is the same as to_s" do
    2.5.inspect.should == "2.5"
    -1.0e-10.inspect.should == "-1.0e-10"
  end
end
