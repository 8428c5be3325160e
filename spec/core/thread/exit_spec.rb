require_relative '../../spec_helper'
require_relative 'fixtures/classes'
require_relative '../../shared/thread/exit'

describe "Thread#exit" do
  it_behaves_like :thread_exit, :exit
end

describe "Thread.exit" do
  it "terminates the current thread" do
    ScratchPad.record []
    t = Thread.new do
      ScratchPad << :before
      Thread.exit
      ScratchPad << :after
    end
    t.join
    ScratchPad.recorded.should == [:before]
    t.status.should == false
  end

  it "runs the ensure blocks of the current thread" do
    t = Thread.new do
      begin
        Thread.exit
      ensure
        ScratchPad.record :ensured
      end
    end
    t.join
    ScratchPad.recorded.should == :ensured
  end

  it "makes the thread's value nil" do
    Thread.new { Thread.exit; 1 }.value.should be_nil
  end
end
