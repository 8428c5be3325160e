require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread#status" do
  it "is 'run' for the current thread" do
    Thread.current.status.should == "run"
  end

  it "is 'run' when read from inside a new thread" do
    Thread.new { Thread.current.status }.value.should == "run"
  end

  it "is 'run' for a busy thread" do
    s = ThreadSpecs::Spinner.new
    s.thread.status.should == "run"
    s.stop
  end

  it "is 'sleep' for a thread in Kernel#sleep" do
    t = ThreadSpecs.sleeping_thread
    t.status.should == "sleep"
    ThreadSpecs.kill_and_join(t)
  end

  it "is 'sleep' for a thread in sleep with a timeout" do
    t = Thread.new { sleep 30 }
    ThreadSpecs.wait_until_sleeping(t).should == true
    t.status.should == "sleep"
    ThreadSpecs.kill_and_join(t)
  end

  it "is 'sleep' for a thread blocked on Queue#pop" do
    q = Queue.new
    t = Thread.new { q.pop }
    ThreadSpecs.wait_until_sleeping(t).should == true
    q << 1
    t.join
  end

  it "is 'sleep' for a thread stopped with Thread.stop" do
    t = Thread.new { Thread.stop }
    ThreadSpecs.wait_until_sleeping(t).should == true
    t.run
    t.join
  end

  it "is false for a thread that finished normally" do
    ThreadSpecs.dead_thread.status.should == false
  end

  it "is false for a killed thread" do
    t = ThreadSpecs.sleeping_thread
    ThreadSpecs.kill_and_join(t)
    t.status.should == false
  end

  it "is nil for a thread that died with an exception" do
    ThreadSpecs.dead_thread_with_exception.status.should be_nil
  end

  it "is 'aborting' inside the ensure block of a killed thread" do
    t = Thread.new do
      begin
        sleep
      ensure
        ScratchPad.record Thread.current.status
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    t.kill
    t.join
    ScratchPad.recorded.should == "aborting"
  end
end
