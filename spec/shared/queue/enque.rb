# Queue#push, #<<, #enq (and the same on SizedQueue); @object.call gives a
# new empty queue.
describe :queue_enq, shared: true do
  it "adds an element to the queue" do
    q = @object.call
    q.size.should == 0
    q.send(@method, Object.new)
    q.size.should == 1
    q.send(@method, Object.new)
    q.size.should == 2
  end

  it "returns the queue" do
    q = @object.call
    q.send(@method, 1).should equal(q)
  end

  it "keeps first-in first-out order" do
    q = @object.call
    q.send(@method, :a)
    q.send(@method, :b)
    q.send(@method, :c)
    [q.pop, q.pop, q.pop].should == [:a, :b, :c]
  end

  it "accepts nil and false as elements" do
    q = @object.call
    q.send(@method, nil)
    q.send(@method, false)
    q.size.should == 2
    q.pop.should be_nil
    q.pop.should == false
  end

  it "stores the very same object" do
    q = @object.call
    o = Object.new
    q.send(@method, o)
    q.pop.should equal(o)
  end

  it "wakes a thread waiting in pop" do
    q = @object.call
    t = Thread.new { q.pop }
    ThreadSpecs.wait_until_sleeping(t)
    q.send(@method, :wakeup_item)
    t.value.should == :wakeup_item
  end

  it "raises a ClosedQueueError if the queue is closed" do
    q = @object.call
    q.close
    -> { q.send(@method, Object.new) }.should raise_error(ClosedQueueError, "queue closed")
  end

  it "raises ClosedQueueError (a StopIteration) that can be rescued as StopIteration" do
    q = @object.call
    q.close
    -> { q.send(@method, 1) }.should raise_error(StopIteration)
  end
end
