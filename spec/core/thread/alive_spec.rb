require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread#alive?" do
  it "is true for the current thread" do
    Thread.current.alive?.should == true
  end

  it "is true for a sleeping thread" do
    t = ThreadSpecs.sleeping_thread
    t.alive?.should == true
    ThreadSpecs.kill_and_join(t)
  end

  it "is true for a running thread" do
    s = ThreadSpecs::Spinner.new
    s.thread.alive?.should == true
    s.stop
  end

  it "is true for a thread blocked on a Mutex" do
    m = Mutex.new
    m.lock
    t = Thread.new { m.lock; m.unlock }
    ThreadSpecs.wait_until_sleeping(t)
    t.alive?.should == true
    m.unlock
    t.join
  end

  it "is false for a thread that finished normally" do
    ThreadSpecs.dead_thread.alive?.should == false
  end

  it "is false for a thread that died with an exception" do
    ThreadSpecs.dead_thread_with_exception.alive?.should == false
  end

  it "is false for a killed thread" do
    t = ThreadSpecs.sleeping_thread
    ThreadSpecs.kill_and_join(t)
    t.alive?.should == false
  end

  it "is true for a thread that is running its ensure block after kill" do
    q = Queue.new
    t = Thread.new do
      begin
        sleep
      ensure
        ScratchPad.record Thread.current.alive?
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    t.kill
    t.join
    ScratchPad.recorded.should == true
  end
end
