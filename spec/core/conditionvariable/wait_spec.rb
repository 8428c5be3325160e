require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "ConditionVariable#wait" do
  it "is Thread::ConditionVariable" do
    ConditionVariable.should equal(Thread::ConditionVariable)
  end

  it "waits until signalled and then holds the mutex again" do
    m = Mutex.new
    cv = ConditionVariable.new
    t = Thread.new do
      m.synchronize do
        cv.wait(m)
        m.owned?
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    m.locked?.should == false
    m.synchronize { cv.signal }
    t.value.should == true
  end

  it "releases the mutex while waiting" do
    m = Mutex.new
    cv = ConditionVariable.new
    t = Thread.new { m.synchronize { cv.wait(m) } }
    ThreadSpecs.wait_until_sleeping(t)
    m.try_lock.should == true
    cv.signal
    m.unlock
    t.join
  end

  it "returns after the timeout elapses, holding the mutex" do
    m = Mutex.new
    cv = ConditionVariable.new
    m.synchronize do
      cv.wait(m, 0.001)
      m.owned?.should == true
    end
  end

  it "returns before the timeout when signalled" do
    m = Mutex.new
    cv = ConditionVariable.new
    t = Thread.new { m.synchronize { cv.wait(m, 60); :signalled } }
    ThreadSpecs.wait_until_sleeping(t)
    m.synchronize { cv.signal }
    t.value.should == :signalled
  end

  it "raises ThreadError when the mutex is not locked" do
    cv = ConditionVariable.new
    -> { cv.wait(Mutex.new) }.should raise_error(ThreadError)
  end

  it "raises ThreadError when the mutex is held by another thread" do
    m = Mutex.new
    cv = ConditionVariable.new
    t = Thread.new { m.lock; sleep }
    ThreadSpecs.wait_until_sleeping(t)
    -> { cv.wait(m, 0.001) }.should raise_error(ThreadError)
    ThreadSpecs.kill_and_join(t)
  end

  it "re-acquires the mutex before Thread#raise reaches the waiter's rescue" do
    m = Mutex.new
    cv = ConditionVariable.new
    t = Thread.new do
      m.synchronize do
        begin
          cv.wait(m)
          :not_raised
        rescue => e
          [e.message, m.owned?]
        end
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    t.raise("raised while waiting")
    t.value.should == ["raised while waiting", true]
    m.locked?.should == false
  end

  it "re-acquires the mutex before the ensure block of a killed waiter" do
    m = Mutex.new
    cv = ConditionVariable.new
    t = Thread.new do
      m.synchronize do
        begin
          cv.wait(m)
        ensure
          ScratchPad.record m.owned?
        end
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    ScratchPad.clear
    t.kill
    t.join
    ScratchPad.recorded.should == true
    m.locked?.should == false
  end

  it "waits for the mutex to be free when killed while another thread holds it" do
    m = Mutex.new
    cv = ConditionVariable.new
    t = Thread.new do
      m.synchronize do
        begin
          cv.wait(m)
        ensure
          ScratchPad.record m.owned?
        end
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    ScratchPad.clear
    m.lock
    t.kill
    ThreadSpecs.wait_until_sleeping(t)
    t.alive?.should == true
    m.unlock
    t.join
    ScratchPad.recorded.should == true
    m.locked?.should == false
  end

  it "supports a predicate loop (spurious wakeups are harmless)" do
    m = Mutex.new
    cv = ConditionVariable.new
    ready = false
    t = Thread.new do
      m.synchronize do
        cv.wait(m) until ready
        :ready
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    m.synchronize { cv.signal }
    m.synchronize { ready = true; cv.signal }
    t.value.should == :ready
  end

  it "calls #sleep on an object that is not a Mutex, passing the timeout" do
    cv = ConditionVariable.new
    duck = mock("mutex-like")
    duck.should_receive(:sleep).with(1.5).and_return(:slept)
    cv.wait(duck, 1.5)
  end

  it "calls #sleep(nil) on an object that is not a Mutex when there is no timeout" do
    cv = ConditionVariable.new
    duck = mock("mutex-like")
    duck.should_receive(:sleep).with(nil)
    cv.wait(duck)
  end

  it "is woken by #signal while in the #sleep of an object that is not a Mutex" do
    cv = ConditionVariable.new
    duck = ConditionVariableSpecs::MutexLike.new
    t = Thread.new { duck.synchronize { cv.wait(duck) }; :woken }
    ThreadSpecs.wait_until_sleeping(t)
    ThreadSpecs.wait_for { duck.sleeping? }
    duck.synchronize { cv.signal }
    t.value.should == :woken
  end

  it "is woken by #broadcast while in the #sleep of an object that is not a Mutex" do
    cv = ConditionVariable.new
    duck = ConditionVariableSpecs::MutexLike.new
    threads = Array.new(3) { Thread.new { duck.synchronize { cv.wait(duck) }; :woken } }
    threads.each { |t| ThreadSpecs.wait_until_sleeping(t) }
    ThreadSpecs.wait_for { duck.sleepers == 3 }
    duck.synchronize { cv.broadcast }
    threads.map(&:value).should == [:woken, :woken, :woken]
  end

  it "works with the mutex of a Monitor (wait_for_cond)" do
    require 'monitor'
    mon = Monitor.new
    cv = ConditionVariable.new
    ready = false
    t = Thread.new do
      mon.synchronize do
        mon.wait_for_cond(cv, nil) until ready
        mon.mon_owned?
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    mon.synchronize { ready = true; cv.signal }
    t.value.should == true
  end
end
