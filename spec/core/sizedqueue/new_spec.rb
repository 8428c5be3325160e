require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'

describe "SizedQueue.new" do
  it "creates an empty queue with the given capacity" do
    q = SizedQueue.new(3)
    q.max.should == 3
    q.size.should == 0
    q.empty?.should == true
    q.closed?.should == false
  end

  it "is a subclass of Queue" do
    SizedQueue.new(1).should be_kind_of(Queue)
    SizedQueue.ancestors.should include(Queue)
  end

  it "is Thread::SizedQueue" do
    SizedQueue.should equal(Thread::SizedQueue)
  end

  it "raises ArgumentError for zero or a negative capacity" do
    -> { SizedQueue.new(0) }.should raise_error(ArgumentError, "queue size must be positive")
    -> { SizedQueue.new(-1) }.should raise_error(ArgumentError, "queue size must be positive")
  end

  it "raises TypeError for a non-Integer capacity" do
    -> { SizedQueue.new("1") }.should raise_error(TypeError)
  end

  it "raises ArgumentError without arguments" do
    -> { SizedQueue.new }.should raise_error(ArgumentError)
  end
end
