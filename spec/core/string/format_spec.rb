require_relative '../../spec_helper'

describe "String#%" do
  it "formats a single argument" do
    ("%d items" % 3).should == "3 items"
    ("%05.1f" % 3.14159).should == "003.1"
    ("%s" % nil).should == ""
  end

  it "formats an Array of arguments" do
    ("%s-%s" % ["a", "b"]).should == "a-b"
    ("%-5s|%5s" % ["ab", "cd"]).should == "ab   |   cd"
    ("%x %o %b %e" % [255, 8, 5, 12345.678]).should == "ff 10 101 1.234568e+04"
  end

  it "formats named references from a Hash" do
    ("%{a} and %<b>05.2f" % { a: "x", b: 2 }).should == "x and 02.00"
  end

  it "formats %c, %% and %p" do
    ("%c%c %%" % [65, "bc"]).should == "Ab %"
    ("%p" % [nil]).should == "nil"
  end

  it "raises ArgumentError for too few arguments" do
    -> { "%d %d" % [1] }.should raise_error(ArgumentError, "too few arguments")
  end

  it "raises KeyError for a missing name" do
    -> { "%{x}" % {} }.should raise_error(KeyError, "key{x} not found")
  end
end

describe "String#% with a lone %" do
  it "raises ArgumentError" do
    -> { "%" % [] }.should raise_error(ArgumentError, "incomplete format specifier; use %% (double %) instead")
  end
end
