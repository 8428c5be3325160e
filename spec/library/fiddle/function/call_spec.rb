require_relative '../../../spec_helper'
require 'fiddle'

describe "Fiddle::Function#call" do
  before :each do
    @libc = Fiddle::Handle.new(nil)
  end

  it "converts Integer arguments and results" do
    f = Fiddle::Function.new(@libc["abs"], [Fiddle::TYPE_INT], Fiddle::TYPE_INT)
    f.call(-5).should == 5
    f.call(-2147483647).should == 2147483647
  end

  it "passes a String's bytes as void*" do
    f = Fiddle::Function.new(@libc["strlen"], [Fiddle::TYPE_VOIDP], Fiddle::TYPE_SIZE_T)
    f.call("four").should == 4
  end

  it "returns a Fiddle::Pointer for void*" do
    f = Fiddle::Function.new(@libc["strchr"], [Fiddle::TYPE_VOIDP, Fiddle::TYPE_INT], Fiddle::TYPE_VOIDP)
    r = f.call("a=b", "=".ord)
    r.should be_kind_of(Fiddle::Pointer)
    r.to_s.should == "=b"
  end

  it "converts doubles" do
    f = Fiddle::Function.new(Fiddle::Handle.new("libm.so.6")["floor"], [Fiddle::TYPE_DOUBLE], Fiddle::TYPE_DOUBLE)
    f.call(2.75).should == 2.0
  end

  it "checks the argument count" do
    f = Fiddle::Function.new(@libc["abs"], [Fiddle::TYPE_INT], Fiddle::TYPE_INT)
    -> { f.call }.should raise_error(ArgumentError, "wrong number of arguments (given 0, expected 1)")
  end

  it "raises RuntimeError for an unknown type" do
    -> { Fiddle::Function.new(@libc["abs"], [99], Fiddle::TYPE_INT) }.should raise_error(RuntimeError, "unknown type 99")
  end

  it "calls a Closure" do
    c = Fiddle::Closure::BlockCaller.new(Fiddle::TYPE_INT, [Fiddle::TYPE_INT]) { |x| x + 1 }
    f = Fiddle::Function.new(c, [Fiddle::TYPE_INT], Fiddle::TYPE_INT)
    f.call(41).should == 42
  end
end
