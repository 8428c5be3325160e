require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Monitor#mon_owned?" do
  it "is false for a new monitor" do
    Monitor.new.mon_owned?.should == false
  end

  it "is true while held by the current thread" do
    m = Monitor.new
    m.synchronize { m.mon_owned? }.should == true
  end

  it "is false while held by another thread" do
    m = Monitor.new
    h = MonitorSpecs::Holder.new(m)
    m.mon_owned?.should == false
    h.release
  end

  it "is false in a new Fiber of the owning thread" do
    m = Monitor.new
    m.synchronize { Fiber.new { m.mon_owned? }.resume }.should == false
  end
end

describe "Monitor#mon_check_owner" do
  it "raises ThreadError when not the owner" do
    -> { Monitor.new.mon_check_owner }.should raise_error(ThreadError, "current fiber not owner")
  end

  it "returns nil for the owner" do
    m = Monitor.new
    m.synchronize { m.mon_check_owner }.should be_nil
  end
end
