require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread#value" do
  it "returns the result of the block" do
    Thread.new { 3 * 4 }.value.should == 12
  end

  it "waits for the thread to finish" do
    q = Queue.new
    t = Thread.new { q.pop * 2 }
    ThreadSpecs.wait_until_sleeping(t)
    q << 21
    t.value.should == 42
  end

  it "returns the same value every time" do
    obj = Object.new
    t = Thread.new { obj }
    t.value.should equal(obj)
    t.value.should equal(obj)
  end

  it "re-raises the exception that terminated the thread" do
    t = ThreadSpecs.dead_thread_with_exception("value error")
    -> { t.value }.should raise_error(RuntimeError, "value error")
  end

  it "is nil for a killed thread" do
    t = ThreadSpecs.sleeping_thread
    t.kill
    t.value.should be_nil
  end

  it "is nil for a thread that called Thread.exit" do
    Thread.new { Thread.exit; :unreached }.value.should be_nil
  end

  it "is the value of an explicit break-free block ending in nil" do
    Thread.new { nil }.value.should be_nil
  end

  it "raises a ThreadError when called on the current thread" do
    -> { Thread.current.value }.should raise_error(ThreadError)
  end
end
