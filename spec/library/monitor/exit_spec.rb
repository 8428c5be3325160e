require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Monitor#exit" do
  it "releases the monitor" do
    m = Monitor.new
    m.enter
    m.exit
    m.mon_locked?.should == false
  end

  it "raises ThreadError when the monitor is not held" do
    -> { Monitor.new.exit }.should raise_error(ThreadError, "current fiber not owner")
  end

  it "raises ThreadError when another thread holds the monitor" do
    m = Monitor.new
    h = MonitorSpecs::Holder.new(m)
    -> { m.exit }.should raise_error(ThreadError, "current fiber not owner")
    m.mon_locked?.should == true
    h.release
  end

  it "is also available as mon_exit" do
    m = Monitor.new
    -> { m.mon_exit }.should raise_error(ThreadError)
  end
end
