require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Monitor#new_cond" do
  it "returns a MonitorMixin::ConditionVariable" do
    Monitor.new.new_cond.should be_an_instance_of(MonitorMixin::ConditionVariable)
  end

  it "returns a new condition each time" do
    m = Monitor.new
    m.new_cond.should_not equal(m.new_cond)
  end
end

describe "MonitorMixin::ConditionVariable#wait" do
  it "waits until signalled, holding the monitor again afterwards" do
    m = Monitor.new
    c = m.new_cond
    t = Thread.new { m.synchronize { c.wait; m.mon_owned? } }
    ThreadSpecs.wait_until_sleeping(t)
    m.mon_locked?.should == false
    m.synchronize { c.signal }
    t.value.should == true
  end

  it "restores a re-entrant hold count after waiting" do
    m = Monitor.new
    c = m.new_cond
    t = Thread.new do
      m.synchronize do
        m.synchronize do
          c.wait
        end
        m.mon_owned?
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    m.mon_locked?.should == false
    m.synchronize { c.signal }
    t.value.should == true
    m.mon_locked?.should == false
  end

  it "returns after the timeout elapses, holding the monitor" do
    m = Monitor.new
    c = m.new_cond
    m.synchronize do
      c.wait(0.001)
      m.mon_owned?.should == true
    end
  end

  it "raises ThreadError when the monitor is not held" do
    -> { Monitor.new.new_cond.wait }.should raise_error(ThreadError, "current fiber not owner")
  end
end

describe "MonitorMixin::ConditionVariable#wait_while" do
  it "does not wait while the condition is false" do
    m = Monitor.new
    c = m.new_cond
    m.synchronize { c.wait_while { false } }.should be_nil
  end

  it "waits while the condition is true" do
    m = Monitor.new
    c = m.new_cond
    items = []
    t = Thread.new { m.synchronize { c.wait_while { items.empty? }; items.first } }
    ThreadSpecs.wait_until_sleeping(t)
    m.synchronize { c.signal }
    ThreadSpecs.wait_until_sleeping(t)
    t.alive?.should == true
    m.synchronize { items << :item; c.signal }
    t.value.should == :item
  end
end

describe "MonitorMixin::ConditionVariable#wait_until" do
  it "does not wait when the condition is true" do
    m = Monitor.new
    c = m.new_cond
    m.synchronize { c.wait_until { true } }.should be_nil
  end

  it "waits until the condition becomes true" do
    m = Monitor.new
    c = m.new_cond
    ready = false
    t = Thread.new { m.synchronize { c.wait_until { ready }; :ready } }
    ThreadSpecs.wait_until_sleeping(t)
    m.synchronize { ready = true; c.broadcast }
    t.value.should == :ready
  end
end

describe "MonitorMixin::ConditionVariable#signal" do
  it "raises ThreadError when the monitor is not held" do
    -> { Monitor.new.new_cond.signal }.should raise_error(ThreadError, "current fiber not owner")
  end

  it "wakes one waiter" do
    m = Monitor.new
    c = m.new_cond
    threads = []
    2.times { |i| threads << Thread.new { m.synchronize { c.wait; i } } }
    threads.each { |t| ThreadSpecs.wait_until_sleeping(t) }
    m.synchronize { c.signal }
    ThreadSpecs.wait_for { threads.count { |t| t.alive? } == 1 }.should == true
    m.synchronize { c.signal }
    threads.map { |t| t.value }.sort.should == [0, 1]
  end
end

describe "MonitorMixin::ConditionVariable#broadcast" do
  it "raises ThreadError when the monitor is not held" do
    -> { Monitor.new.new_cond.broadcast }.should raise_error(ThreadError, "current fiber not owner")
  end

  it "wakes all waiters" do
    m = Monitor.new
    c = m.new_cond
    threads = []
    5.times { |i| threads << Thread.new { m.synchronize { c.wait; i } } }
    threads.each { |t| ThreadSpecs.wait_until_sleeping(t) }
    m.synchronize { c.broadcast }
    threads.map { |t| t.value }.should == [0, 1, 2, 3, 4]
  end
end
