require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Monitor#synchronize" do
  it "returns the value of the block" do
    Monitor.new.synchronize { :value }.should == :value
  end

  it "is re-entrant" do
    m = Monitor.new
    m.synchronize { m.synchronize { m.synchronize { :deep } } }.should == :deep
    m.mon_locked?.should == false
  end

  it "holds the monitor while the block runs" do
    m = Monitor.new
    m.synchronize { [m.mon_locked?, m.mon_owned?] }.should == [true, true]
  end

  it "releases the monitor when the block raises" do
    m = Monitor.new
    -> { m.synchronize { raise ArgumentError, "inside" } }.should raise_error(ArgumentError, "inside")
    m.mon_locked?.should == false
  end

  it "releases every level when a nested block raises" do
    m = Monitor.new
    -> { m.synchronize { m.synchronize { raise "nested" } } }.should raise_error(RuntimeError, "nested")
    m.mon_locked?.should == false
  end

  it "raises a LocalJumpError (or ThreadError) without a block" do
    -> { Monitor.new.synchronize }.should raise_error(StandardError)
  end

  it "blocks while another thread holds the monitor" do
    m = Monitor.new
    h = MonitorSpecs::Holder.new(m)
    -> { m.synchronize { } }.should block_caller
    h.release
  end

  it "excludes other threads (4 threads x 10,000 increments)" do
    c = MonitorSpecs::Counter.new
    threads = []
    4.times { threads << Thread.new { 10_000.times { c.increment } } }
    threads.each { |t| t.join }
    c.count.should == 40_000
  end

  it "is also available as mon_synchronize" do
    m = Monitor.new
    m.mon_synchronize { m.mon_owned? }.should == true
  end
end

describe "MonitorMixin#synchronize" do
  it "works in a class that includes MonitorMixin" do
    MonitorSpecs::Counter.new.nested.should == true
  end

  it "works on an object extended with MonitorMixin" do
    o = Object.new
    o.extend(MonitorMixin)
    o.synchronize { o.mon_owned? }.should == true
    o.mon_locked?.should == false
  end
end
