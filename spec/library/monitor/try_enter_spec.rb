require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Monitor#try_enter" do
  it "acquires a free monitor and returns true" do
    m = Monitor.new
    m.try_enter.should == true
    m.mon_owned?.should == true
    m.exit
  end

  it "returns true when the current thread already holds it (re-entrant)" do
    m = Monitor.new
    m.enter
    m.try_enter.should == true
    m.exit
    m.mon_owned?.should == true
    m.exit
    m.mon_locked?.should == false
  end

  it "returns false without blocking when another thread holds it" do
    m = Monitor.new
    h = MonitorSpecs::Holder.new(m)
    m.try_enter.should == false
    m.mon_owned?.should == false
    h.release
  end

  it "is also available as try_mon_enter and mon_try_enter" do
    m = Monitor.new
    m.try_mon_enter.should == true
    m.mon_try_enter.should == true
    m.exit
    m.exit
    m.mon_locked?.should == false
  end
end
