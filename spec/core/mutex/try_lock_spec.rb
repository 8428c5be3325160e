require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'

describe "Mutex#try_lock" do
  it "locks an unlocked mutex and returns true" do
    m = Mutex.new
    m.try_lock.should == true
    m.locked?.should == true
    m.owned?.should == true
    m.unlock
  end

  it "returns false if the current thread holds the lock" do
    m = Mutex.new
    m.lock
    m.try_lock.should == false
    m.owned?.should == true
    m.unlock
  end

  it "returns false without blocking if another thread holds the lock" do
    m = Mutex.new
    t = Thread.new { m.lock; sleep }
    ThreadSpecs.wait_until_sleeping(t)
    m.try_lock.should == false
    m.owned?.should == false
    ThreadSpecs.kill_and_join(t)
  end

  it "succeeds again after the lock is released" do
    m = Mutex.new
    m.try_lock.should == true
    m.unlock
    m.try_lock.should == true
    m.unlock
  end
end
