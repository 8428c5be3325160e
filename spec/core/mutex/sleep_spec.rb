require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'

describe "Mutex#sleep" do
  it "raises ThreadError if the mutex is not locked" do
    -> { Mutex.new.sleep(0.001) }.should raise_error(ThreadError, "Attempt to unlock a mutex which is not locked")
  end

  it "raises ArgumentError for a negative timeout" do
    m = Mutex.new
    m.lock
    -> { m.sleep(-1) }.should raise_error(ArgumentError, "time interval must not be negative")
    m.unlock
  end

  it "releases the lock while sleeping and holds it again afterwards" do
    m = Mutex.new
    locked_while_sleeping = nil
    t = Thread.new do
      m.synchronize do
        m.sleep
        m.owned?
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    locked_while_sleeping = m.locked?
    t.wakeup
    t.value.should == true
    locked_while_sleeping.should == false
    m.locked?.should == false
  end

  it "returns nil when the timeout elapses" do
    m = Mutex.new
    m.synchronize { m.sleep(0.001) }.should be_nil
  end

  it "still holds the lock after a timeout" do
    m = Mutex.new
    m.synchronize do
      m.sleep(0.001)
      m.owned?.should == true
    end
  end

  it "returns an Integer when woken up" do
    m = Mutex.new
    t = Thread.new { m.synchronize { m.sleep } }
    ThreadSpecs.wait_until_sleeping(t)
    t.wakeup
    t.value.should be_kind_of(Integer)
  end

  it "sleeps forever with a nil timeout until woken" do
    m = Mutex.new
    t = Thread.new { m.synchronize { m.sleep(nil) } }
    ThreadSpecs.wait_until_sleeping(t)
    t.wakeup
    t.value.should be_kind_of(Integer)
  end

  it "waits for the lock to be free before returning after a wakeup" do
    m = Mutex.new
    t = Thread.new { m.synchronize { m.sleep; :reacquired } }
    ThreadSpecs.wait_until_sleeping(t)
    m.lock
    t.wakeup
    ThreadSpecs.wait_until_sleeping(t)
    t.alive?.should == true
    m.unlock
    t.value.should == :reacquired
  end

  it "re-acquires the lock when interrupted by Thread#raise" do
    m = Mutex.new
    t = Thread.new do
      m.lock
      begin
        m.sleep
      rescue => e
        [e.message, m.owned?]
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    t.raise("interrupt the sleep")
    t.value.should == ["interrupt the sleep", true]
  end

  it "re-acquires the lock before the ensure block of a killed sleeper" do
    m = Mutex.new
    ScratchPad.clear
    t = Thread.new do
      m.lock
      begin
        m.sleep
      ensure
        ScratchPad.record m.owned?
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    t.kill
    t.join
    ScratchPad.recorded.should == true
    m.locked?.should == false
  end
end
