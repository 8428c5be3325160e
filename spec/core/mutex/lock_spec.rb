require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'

describe "Mutex#lock" do
  it "is Thread::Mutex#lock (Mutex is Thread::Mutex)" do
    Mutex.should equal(Thread::Mutex)
  end

  it "returns self" do
    m = Mutex.new
    m.lock.should equal(m)
    m.unlock
  end

  it "locks the mutex" do
    m = Mutex.new
    m.lock
    m.locked?.should == true
    m.owned?.should == true
    m.unlock
  end

  it "raises a ThreadError when the current thread already holds the lock" do
    m = Mutex.new
    m.lock
    -> { m.lock }.should raise_error(ThreadError, "deadlock; recursive locking")
    m.owned?.should == true
    m.unlock
  end

  it "blocks the caller while another thread holds the lock" do
    m = Mutex.new
    m.lock
    -> { m.lock }.should block_caller
    m.unlock
  end

  it "acquires the lock once the holder unlocks it" do
    m = Mutex.new
    m.lock
    t = Thread.new { m.lock; r = m.owned?; m.unlock; r }
    ThreadSpecs.wait_until_sleeping(t)
    t.alive?.should == true
    m.unlock
    t.value.should == true
  end

  it "hands the lock to each of several waiting threads in turn" do
    m = Mutex.new
    m.lock
    order = []
    threads = []
    5.times do |i|
      threads << Thread.new { m.lock; order << i; m.unlock }
    end
    threads.each { |t| ThreadSpecs.wait_until_sleeping(t) }
    m.unlock
    threads.each { |t| t.join }
    order.sort.should == [0, 1, 2, 3, 4]
    m.locked?.should == false
  end

  it "is interruptible by Thread#kill while waiting" do
    m = Mutex.new
    m.lock
    t = Thread.new { m.lock }
    ThreadSpecs.wait_until_sleeping(t)
    t.kill
    t.join
    m.owned?.should == true
    m.unlock
    m.locked?.should == false
  end

  it "can be locked again by a fiber of the same thread after unlock" do
    m = Mutex.new
    Fiber.new { m.lock; m.unlock }.resume
    m.locked?.should == false
    m.lock
    m.owned?.should == true
    m.unlock
  end
end
