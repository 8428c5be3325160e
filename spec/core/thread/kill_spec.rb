require_relative '../../spec_helper'
require_relative 'fixtures/classes'
require_relative '../../shared/thread/exit'

describe "Thread#kill" do
  it_behaves_like :thread_exit, :kill
end

describe "Thread.kill" do
  it "kills the given thread and returns it" do
    t = ThreadSpecs.sleeping_thread
    Thread.kill(t).should equal(t)
    t.join
    t.alive?.should == false
  end

  it "runs the ensure block of the thread" do
    t = Thread.new do
      begin
        sleep
      ensure
        ScratchPad.record :ensured
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    Thread.kill(t)
    t.join
    ScratchPad.recorded.should == :ensured
  end
end
