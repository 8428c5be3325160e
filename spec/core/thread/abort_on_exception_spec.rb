require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread.abort_on_exception" do
  it "is false by default" do
    Thread.abort_on_exception.should == false
  end
end

describe "Thread#abort_on_exception" do
  it "is false by default" do
    t = ThreadSpecs.sleeping_thread
    t.abort_on_exception.should == false
    ThreadSpecs.kill_and_join(t)
  end

  it "returns the value set with abort_on_exception=" do
    t = ThreadSpecs.sleeping_thread
    (t.abort_on_exception = true).should == true
    t.abort_on_exception.should == true
    t.abort_on_exception = false
    t.abort_on_exception.should == false
    ThreadSpecs.kill_and_join(t)
  end

  it "when false, an exception only terminates the thread" do
    t = Thread.new do
      Thread.current.report_on_exception = false
      raise "only this thread"
    end
    -> { t.join }.should raise_error(RuntimeError, "only this thread")
    Thread.current.alive?.should == true
  end

  it "when true, re-raises the thread's exception in the main thread" do
    q = Queue.new
    -> {
      t = Thread.new do
        Thread.current.report_on_exception = false
        Thread.current.abort_on_exception = true
        q.pop
        raise ArgumentError, "abort the main thread"
      end
      ThreadSpecs.wait_until_sleeping(t)
      q << :go
      sleep
    }.should raise_error(ArgumentError, "abort the main thread")
  end
end

describe "Thread.abort_on_exception=" do
  before :each do
    @saved = Thread.abort_on_exception
  end

  after :each do
    Thread.abort_on_exception = @saved
  end

  it "sets the global flag" do
    Thread.abort_on_exception = true
    Thread.abort_on_exception.should == true
    Thread.abort_on_exception = false
    Thread.abort_on_exception.should == false
  end

  it "when true makes any thread's exception raise in the main thread" do
    q = Queue.new
    -> {
      Thread.abort_on_exception = true
      t = Thread.new do
        Thread.current.report_on_exception = false
        q.pop
        raise IndexError, "global abort"
      end
      ThreadSpecs.wait_until_sleeping(t)
      q << :go
      sleep
    }.should raise_error(IndexError, "global abort")
  end
end
