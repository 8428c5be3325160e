require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'

describe "Mutex#locked?" do
  it "is false for a new mutex" do
    Mutex.new.locked?.should == false
  end

  it "is true while locked by the current thread" do
    m = Mutex.new
    m.lock
    m.locked?.should == true
    m.unlock
    m.locked?.should == false
  end

  it "is true while locked by another thread" do
    m = Mutex.new
    t = Thread.new { m.lock; sleep }
    ThreadSpecs.wait_until_sleeping(t)
    m.locked?.should == true
    ThreadSpecs.kill_and_join(t)
  end

  it "is false after the owning thread dies without unlocking" do
    m = Mutex.new
    Thread.new { m.lock }.join
    m.locked?.should == false
  end

  it "is false after the owning thread is killed while holding the lock" do
    m = Mutex.new
    t = Thread.new { m.lock; sleep }
    ThreadSpecs.wait_until_sleeping(t)
    ThreadSpecs.kill_and_join(t)
    m.locked?.should == false
    m.try_lock.should == true
    m.unlock
  end
end
