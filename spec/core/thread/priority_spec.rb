require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread#priority" do
  it "is 0 for the main thread" do
    Thread.main.priority.should == 0
  end

  it "is an Integer" do
    Thread.current.priority.should be_kind_of(Integer)
  end

  it "is inherited from the creating thread" do
    t = Thread.new do
      Thread.current.priority = 2
      Thread.new { Thread.current.priority }.value
    end
    t.value.should == 2
  end

  it "is still readable for a dead thread" do
    t = ThreadSpecs.dead_thread
    t.priority.should be_kind_of(Integer)
  end
end

describe "Thread#priority=" do
  before :each do
    @t = ThreadSpecs.sleeping_thread
  end

  after :each do
    ThreadSpecs.kill_and_join(@t)
  end

  it "sets the priority" do
    @t.priority = 1
    @t.priority.should == 1
    @t.priority = -2
    @t.priority.should == -2
  end

  it "clamps the value to -3..3" do
    @t.priority = 100
    @t.priority.should == 3
    @t.priority = -100
    @t.priority.should == -3
  end

  it "raises TypeError for a non-Integer" do
    -> { @t.priority = "1" }.should raise_error(TypeError)
  end
end
