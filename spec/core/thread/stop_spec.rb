require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread.stop" do
  it "puts the current thread to sleep until it is woken up" do
    t = Thread.new { Thread.stop; :after_stop }
    ThreadSpecs.wait_until_sleeping(t).should == true
    t.alive?.should == true
    t.wakeup
    t.value.should == :after_stop
  end

  it "returns nil" do
    t = Thread.new { Thread.stop }
    ThreadSpecs.wait_until_sleeping(t)
    t.run
    t.value.should be_nil
  end

  it "makes the thread report stop? as true" do
    t = Thread.new { Thread.stop }
    ThreadSpecs.wait_until_sleeping(t)
    t.stop?.should == true
    t.run
    t.join
  end
end

describe "Thread#stop?" do
  it "is false for the current thread" do
    Thread.current.stop?.should == false
  end

  it "is false for a running thread" do
    s = ThreadSpecs::Spinner.new
    s.thread.stop?.should == false
    s.stop
  end

  it "is true for a sleeping thread" do
    t = ThreadSpecs.sleeping_thread
    t.stop?.should == true
    ThreadSpecs.kill_and_join(t)
  end

  it "is true for a dead thread" do
    ThreadSpecs.dead_thread.stop?.should == true
    ThreadSpecs.dead_thread_with_exception.stop?.should == true
  end
end
