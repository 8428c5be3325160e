require_relative '../../../spec_helper'
require 'fiddle'

describe "Fiddle::Pointer#[]" do
  it "reads a signed byte at an offset" do
    p = Fiddle::Pointer.malloc(4, Fiddle::RUBY_FREE)
    p[1] = 255
    p[1].should == -1
    p[0].should == 0
  end

  it "reads a String of the given length" do
    p = Fiddle::Pointer["hello"]
    p[1, 3].should == "ell"
  end

  it "raises Fiddle::DLError for a NULL pointer" do
    -> { Fiddle::NULL[0] }.should raise_error(Fiddle::DLError, "NULL pointer dereference")
  end
end
