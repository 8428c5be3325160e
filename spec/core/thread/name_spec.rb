require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread#name" do
  it "is nil for a new thread" do
    t = ThreadSpecs.sleeping_thread
    t.name.should be_nil
    ThreadSpecs.kill_and_join(t)
  end

  it "returns the name set with name=" do
    t = ThreadSpecs.sleeping_thread
    t.name = "worker-1"
    t.name.should == "worker-1"
    ThreadSpecs.kill_and_join(t)
  end

  it "can be read from inside the thread" do
    q = Queue.new
    t = Thread.new { q.pop; Thread.current.name }
    t.name = "inside"
    q << :go
    t.value.should == "inside"
  end

  it "is kept after the thread dies" do
    t = ThreadSpecs.sleeping_thread
    t.name = "dies"
    ThreadSpecs.kill_and_join(t)
    t.name.should == "dies"
  end
end

describe "Thread#name=" do
  it "returns its argument" do
    t = ThreadSpecs.sleeping_thread
    (t.name = "n").should == "n"
    ThreadSpecs.kill_and_join(t)
  end

  it "resets the name with nil" do
    t = ThreadSpecs.sleeping_thread
    t.name = "some"
    t.name = nil
    t.name.should be_nil
    ThreadSpecs.kill_and_join(t)
  end

  it "raises TypeError for a Symbol or an Integer" do
    t = ThreadSpecs.sleeping_thread
    -> { t.name = :sym }.should raise_error(TypeError)
    -> { t.name = 1 }.should raise_error(TypeError)
    ThreadSpecs.kill_and_join(t)
  end

  it "calls #to_str on its argument" do
    t = ThreadSpecs.sleeping_thread
    n = mock("name")
    n.should_receive(:to_str).and_return("converted")
    t.name = n
    t.name.should == "converted"
    ThreadSpecs.kill_and_join(t)
  end
end
