require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'

describe "ConditionVariable#broadcast" do
  it "returns self" do
    cv = ConditionVariable.new
    cv.broadcast.should equal(cv)
  end

  it "does nothing when there are no waiters" do
    cv = ConditionVariable.new
    cv.broadcast
    m = Mutex.new
    m.synchronize { cv.wait(m, 0.001) }
    m.locked?.should == false
  end

  it "wakes all waiting threads" do
    m = Mutex.new
    cv = ConditionVariable.new
    threads = []
    5.times { |i| threads << Thread.new { m.synchronize { cv.wait(m); i } } }
    threads.each { |t| ThreadSpecs.wait_until_sleeping(t) }
    m.synchronize { cv.broadcast }
    threads.map { |t| t.value }.should == [0, 1, 2, 3, 4]
  end

  it "does not wake threads that start waiting afterwards" do
    m = Mutex.new
    cv = ConditionVariable.new
    m.synchronize { cv.broadcast }
    t = Thread.new { m.synchronize { cv.wait(m); :late } }
    ThreadSpecs.wait_until_sleeping(t).should == true
    t.alive?.should == true
    m.synchronize { cv.signal }
    t.value.should == :late
  end

  it "wakes 1,000 waiters, each re-acquiring the mutex in turn" do
    m = Mutex.new
    cv = ConditionVariable.new
    waiting = 0
    woken = 0
    threads = []
    1000.times do
      threads << Thread.new do
        m.synchronize do
          waiting += 1
          cv.wait(m)
          woken += 1
        end
      end
    end
    ThreadSpecs.wait_for { m.synchronize { waiting == 1000 } }.should == true
    # every waiter released the mutex inside wait; wait until all are asleep
    threads.each { |t| ThreadSpecs.wait_until_sleeping(t) }
    m.synchronize { cv.broadcast }
    threads.each { |t| t.join }
    woken.should == 1000
    m.locked?.should == false
  end
end
