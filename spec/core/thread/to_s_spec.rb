require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread#to_s" do
  it "is the same as #inspect" do
    t = ThreadSpecs.sleeping_thread
    t.to_s.should == t.inspect
    ThreadSpecs.kill_and_join(t)
    t.to_s.should == t.inspect
  end

  it "describes the current thread as running" do
    Thread.current.to_s.should =~ /\A#<Thread:0x\h+ run>\z/
  end
end
