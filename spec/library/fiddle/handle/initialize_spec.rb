require_relative '../../../spec_helper'
require 'fiddle'

describe "Fiddle::Handle#initialize" do
  it "raises Fiddle::DLError if the library cannot be found" do
    -> {
      Fiddle::Handle.new("doesnotexist.doesnotexist")
    }.should raise_error(Fiddle::DLError, /doesnotexist\.doesnotexist/)
  end

  it "opens the running program when given nil" do
    h = Fiddle::Handle.new(nil)
    h.sym("strlen").should be_kind_of(Integer)
    h.close.should == 0
  end

  it "raises Fiddle::DLError for a missing symbol" do
    -> { Fiddle::Handle.new(nil).sym("doesnotexist_symbol") }.should raise_error(Fiddle::DLError, 'unknown symbol "doesnotexist_symbol"')
  end

  it "raises Fiddle::DLError when closed twice" do
    h = Fiddle::Handle.new(nil)
    h.close
    -> { h.close }.should raise_error(Fiddle::DLError, "dlclose() called too many times")
    -> { h.sym("strlen") }.should raise_error(Fiddle::DLError, "closed handle")
  end
end
