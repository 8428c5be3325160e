require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Monitor#mon_locked?" do
  it "is false for a new monitor" do
    Monitor.new.mon_locked?.should == false
  end

  it "is true while held by the current thread" do
    m = Monitor.new
    m.synchronize { m.mon_locked? }.should == true
  end

  it "is true while held by another thread" do
    m = Monitor.new
    h = MonitorSpecs::Holder.new(m)
    m.mon_locked?.should == true
    h.release
    m.mon_locked?.should == false
  end
end
