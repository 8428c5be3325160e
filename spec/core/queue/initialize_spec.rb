require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'

describe "Queue#initialize" do
  it "creates an empty, open queue" do
    q = Queue.new
    q.size.should == 0
    q.empty?.should == true
    q.closed?.should == false
    q.num_waiting.should == 0
  end

  it "is Thread::Queue" do
    Queue.should equal(Thread::Queue)
  end

  it "fills the queue from an Array, keeping the order" do
    q = Queue.new([1, 2, 3])
    q.size.should == 3
    [q.pop, q.pop, q.pop].should == [1, 2, 3]
  end

  it "fills the queue from any object responding to to_a" do
    q = Queue.new(1..4)
    q.size.should == 4
    q.pop.should == 1
    obj = Object.new
    def obj.to_a
      [:x, :y]
    end
    Queue.new(obj).size.should == 2
  end

  it "does not keep a reference to the given Array" do
    a = [1, 2]
    q = Queue.new(a)
    a << 3
    q.size.should == 2
  end

  it "raises TypeError if the argument does not respond to to_a" do
    -> { Queue.new(1) }.should raise_error(TypeError)
  end

  it "raises ArgumentError with more than one argument" do
    -> { Queue.new(1, 2) }.should raise_error(ArgumentError)
  end
end
