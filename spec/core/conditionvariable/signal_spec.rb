require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'

describe "ConditionVariable#signal" do
  it "returns self" do
    cv = ConditionVariable.new
    cv.signal.should equal(cv)
  end

  it "does nothing when there are no waiters" do
    cv = ConditionVariable.new
    cv.signal
    m = Mutex.new
    m.synchronize { cv.wait(m, 0.001) }
    m.locked?.should == false
  end

  it "wakes one waiting thread" do
    m = Mutex.new
    cv = ConditionVariable.new
    t = Thread.new { m.synchronize { cv.wait(m); :woken } }
    ThreadSpecs.wait_until_sleeping(t)
    m.synchronize { cv.signal }
    t.value.should == :woken
  end

  it "wakes only one of several waiters per call" do
    m = Mutex.new
    cv = ConditionVariable.new
    woken = Queue.new
    threads = []
    3.times do |i|
      threads << Thread.new { m.synchronize { cv.wait(m) }; woken << i }
    end
    threads.each { |t| ThreadSpecs.wait_until_sleeping(t) }
    m.synchronize { cv.signal }
    first = woken.pop
    threads.count { |t| t.alive? && t.status == "sleep" }.should == 2
    m.synchronize { cv.signal }
    m.synchronize { cv.signal }
    threads.each { |t| t.join }
    [first, woken.pop, woken.pop].sort.should == [0, 1, 2]
  end

  it "can be called without holding the mutex" do
    m = Mutex.new
    cv = ConditionVariable.new
    t = Thread.new { m.synchronize { cv.wait(m); :ok } }
    ThreadSpecs.wait_until_sleeping(t)
    cv.signal
    t.value.should == :ok
  end
end
