require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'

describe "Mutex#owned?" do
  it "is false for an unlocked mutex" do
    Mutex.new.owned?.should == false
  end

  it "is true when the current thread holds the lock" do
    m = Mutex.new
    m.lock
    m.owned?.should == true
    m.unlock
    m.owned?.should == false
  end

  it "is false when another thread holds the lock" do
    m = Mutex.new
    t = Thread.new { m.lock; sleep }
    ThreadSpecs.wait_until_sleeping(t)
    m.owned?.should == false
    ThreadSpecs.kill_and_join(t)
  end

  it "is true inside synchronize" do
    m = Mutex.new
    m.synchronize { m.owned? }.should == true
  end

  it "is true in the owning thread, read from that thread" do
    m = Mutex.new
    Thread.new { m.synchronize { m.owned? } }.value.should == true
  end
end
