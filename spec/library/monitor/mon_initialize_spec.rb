require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "MonitorMixin#mon_initialize" do
  it "is called by Object#extend(MonitorMixin) (MonitorMixin.extend_object)" do
    o = Object.new
    o.extend(MonitorMixin)
    o.instance_variable_get(:@mon_data).should be_kind_of(Monitor)
    o.mon_locked?.should == false
  end

  it "is called by MonitorMixin#initialize (a class calling super)" do
    c = MonitorSpecs::Counter.new
    c.instance_variable_get(:@mon_data).should be_kind_of(Monitor)
  end

  it "raises ThreadError when the object is already initialized" do
    o = Object.new
    o.extend(MonitorMixin)
    -> { o.send(:mon_initialize) }.should raise_error(ThreadError, "already initialized")
  end

  it "gives an extended object a monitor that excludes other threads" do
    o = Object.new
    o.extend(MonitorMixin)
    h = MonitorSpecs::Holder.new(o)
    o.mon_try_enter.should == false
    h.release
    o.mon_try_enter.should == true
    o.mon_exit
  end

  it "can be called from initialize_copy to give a copy its own monitor" do
    a = MonitorSpecs::Copyable.new
    h = MonitorSpecs::Holder.new(a)
    b = a.dup
    b.mon_try_enter.should == true
    b.mon_exit
    a.mon_locked?.should == true
    h.release
    a.mon_locked?.should == false
  end
end
