require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread.list" do
  it "returns an Array of Threads" do
    list = Thread.list
    list.should be_kind_of(Array)
    list.each { |t| t.should be_kind_of(Thread) }
  end

  it "includes the current and the main thread" do
    Thread.list.should include(Thread.current)
    Thread.list.should include(Thread.main)
  end

  it "includes sleeping threads" do
    t = ThreadSpecs.sleeping_thread
    Thread.list.should include(t)
    ThreadSpecs.kill_and_join(t)
  end

  it "includes the calling thread when called from a new thread" do
    t = Thread.new { Thread.list.include?(Thread.current) }
    t.value.should == true
  end

  it "does not include finished threads" do
    t = ThreadSpecs.dead_thread
    Thread.list.should_not include(t)
  end

  it "does not include killed threads" do
    t = ThreadSpecs.sleeping_thread
    ThreadSpecs.kill_and_join(t)
    Thread.list.should_not include(t)
  end

  it "lists only live threads" do
    Thread.list.each { |t| t.alive?.should == true }
  end
end
