require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'

describe "Mutex#unlock" do
  it "returns self" do
    m = Mutex.new
    m.lock
    m.unlock.should equal(m)
  end

  it "unlocks the mutex" do
    m = Mutex.new
    m.lock
    m.unlock
    m.locked?.should == false
  end

  it "raises ThreadError if the mutex is not locked" do
    -> { Mutex.new.unlock }.should raise_error(ThreadError, "Attempt to unlock a mutex which is not locked")
  end

  it "raises ThreadError if the mutex was unlocked already" do
    m = Mutex.new
    m.lock
    m.unlock
    -> { m.unlock }.should raise_error(ThreadError, "Attempt to unlock a mutex which is not locked")
  end

  it "raises ThreadError if another thread holds the lock" do
    m = Mutex.new
    t = Thread.new { m.lock; sleep }
    ThreadSpecs.wait_until_sleeping(t)
    -> { m.unlock }.should raise_error(ThreadError, "Attempt to unlock a mutex which is locked by another thread/fiber")
    m.locked?.should == true
    ThreadSpecs.kill_and_join(t)
  end

  it "wakes a thread waiting for the lock" do
    m = Mutex.new
    m.lock
    t = Thread.new { m.synchronize { :got_it } }
    ThreadSpecs.wait_until_sleeping(t)
    m.unlock
    t.value.should == :got_it
  end
end
