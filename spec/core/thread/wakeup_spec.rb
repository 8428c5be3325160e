require_relative '../../spec_helper'
require_relative 'fixtures/classes'
require_relative '../../shared/thread/wakeup'

describe "Thread#wakeup" do
  it_behaves_like :thread_wakeup, :wakeup

  it "does not run the thread immediately but marks it eligible to run" do
    t = Thread.new { Thread.stop; ScratchPad.record :ran }
    ThreadSpecs.wait_until_sleeping(t)
    t.wakeup
    t.join
    ScratchPad.recorded.should == :ran
  end
end
