require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Monitor#enter" do
  it "acquires the monitor" do
    m = Monitor.new
    m.enter
    m.mon_locked?.should == true
    m.mon_owned?.should == true
    m.exit
  end

  it "can be entered several times by the owner, needing as many exits" do
    m = Monitor.new
    m.enter
    m.enter
    m.exit
    m.mon_owned?.should == true
    m.exit
    m.mon_locked?.should == false
  end

  it "is also available as mon_enter" do
    m = Monitor.new
    m.mon_enter
    m.mon_owned?.should == true
    m.mon_exit
    m.mon_owned?.should == false
  end

  it "blocks while another thread holds the monitor" do
    m = Monitor.new
    h = MonitorSpecs::Holder.new(m)
    -> { m.enter }.should block_caller
    h.release
  end

  it "acquires the monitor once the other thread releases it" do
    m = Monitor.new
    h = MonitorSpecs::Holder.new(m)
    t = Thread.new { m.enter; r = m.mon_owned?; m.exit; r }
    ThreadSpecs.wait_until_sleeping(t)
    h.release
    t.value.should == true
  end
end
