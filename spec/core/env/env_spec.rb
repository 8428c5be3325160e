require_relative '../../spec_helper'

describe "ENV.[]" do
  it "returns the value of a variable" do
    ENV["HOME"].should be_kind_of(String)
  end

  it "returns nil for a missing variable" do
    ENV["SPINEL_SPEC_MISSING_VAR"].should == nil
  end

  it "returns frozen Strings" do
    ENV["SPINEL_SPEC_V"] = "1"
    ENV["SPINEL_SPEC_V"].frozen?.should == true
    ENV.delete("SPINEL_SPEC_V")
  end

  it "raises TypeError for a non-String key" do
    -> { ENV[1] }.should raise_error(TypeError, "no implicit conversion of Integer into String")
  end
end

describe "ENV.[]=" do
  after :each do
    ENV.delete("SPINEL_SPEC_SET")
  end

  it "sets a variable and returns the value" do
    (ENV["SPINEL_SPEC_SET"] = "abc").should == "abc"
    ENV["SPINEL_SPEC_SET"].should == "abc"
  end

  it "deletes the variable when assigned nil" do
    ENV["SPINEL_SPEC_SET"] = "x"
    ENV["SPINEL_SPEC_SET"] = nil
    ENV.key?("SPINEL_SPEC_SET").should == false
  end

  it "raises TypeError for a non-String value" do
    -> { ENV["SPINEL_SPEC_SET"] = 1 }.should raise_error(TypeError, "no implicit conversion of Integer into String")
  end
end

describe "ENV.fetch" do
  before :each do
    ENV["SPINEL_SPEC_F"] = "val"
  end

  after :each do
    ENV.delete("SPINEL_SPEC_F")
  end

  it "returns the value" do
    ENV.fetch("SPINEL_SPEC_F").should == "val"
  end

  it "returns the default for a missing key" do
    ENV.fetch("SPINEL_SPEC_MISSING_VAR", "dflt").should == "dflt"
  end

  it "calls the block for a missing key" do
    ENV.fetch("SPINEL_SPEC_MISSING_VAR") { |k| k.downcase }.should == "spinel_spec_missing_var"
  end

  it "raises KeyError for a missing key" do
    -> { ENV.fetch("XQZW") }.should raise_error(KeyError, 'key not found: "XQZW"')
  end
end

describe "ENV.key?, ENV.delete, ENV.to_h" do
  before :each do
    ENV["SPINEL_SPEC_K"] = "v"
  end

  after :each do
    ENV.delete("SPINEL_SPEC_K")
  end

  it "key? and include?" do
    ENV.key?("SPINEL_SPEC_K").should == true
    ENV.include?("SPINEL_SPEC_K").should == true
    ENV.has_key?("SPINEL_SPEC_MISSING_VAR").should == false
  end

  it "delete returns the old value, nil when missing" do
    ENV.delete("SPINEL_SPEC_K").should == "v"
    ENV.delete("SPINEL_SPEC_K").should == nil
  end

  it "to_h returns a Hash of Strings" do
    h = ENV.to_h
    h.should be_kind_of(Hash)
    h["SPINEL_SPEC_K"].should == "v"
    h.keys.all? { |k| k.is_a?(String) }.should == true
  end

  it "keys and values agree with to_h" do
    ENV.keys.should.include?("SPINEL_SPEC_K")
    ENV.values.should.include?("v")
    ENV.size.should == ENV.to_h.size
  end

  it "each yields name and value pairs" do
    found = nil
    ENV.each { |k, v| found = v if k == "SPINEL_SPEC_K" }
    found.should == "v"
  end

  it "select returns a Hash" do
    ENV.select { |k, _| k == "SPINEL_SPEC_K" }.should == {"SPINEL_SPEC_K" => "v"}
  end

  it "to_s is ENV" do
    ENV.to_s.should == "ENV"
  end
end
