# SizedQueue#push, #<<, #enq: blocking when full.  @object.call(max) gives a
# new empty SizedQueue of that capacity.
describe :sized_queue_enq, shared: true do
  it "blocks the caller while the queue is full" do
    q = @object.call(1)
    q.send(@method, 1)
    -> { q.send(@method, 2) }.should block_caller
  end

  it "waits until a pop makes room" do
    q = @object.call(2)
    q.send(@method, 1)
    q.send(@method, 2)
    t = Thread.new { q.send(@method, 3); :pushed }
    ThreadSpecs.wait_until_sleeping(t).should == true
    q.size.should == 2
    q.pop.should == 1
    t.value.should == :pushed
    [q.pop, q.pop].should == [2, 3]
  end

  it "counts blocked pushers in num_waiting" do
    q = @object.call(1)
    q.send(@method, 1)
    t = Thread.new { q.send(@method, 2) }
    ThreadSpecs.wait_until_sleeping(t)
    q.num_waiting.should == 1
    q.pop
    t.join
    q.num_waiting.should == 0
  end

  it "raises ClosedQueueError in a blocked pusher when the queue is closed" do
    q = @object.call(1)
    q.send(@method, 1)
    t = Thread.new do
      begin
        q.send(@method, 2)
        :pushed
      rescue ClosedQueueError => e
        e.message
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    q.close
    t.value.should == "queue closed"
    q.size.should == 1
  end

  it "is interruptible by Thread#raise while blocked" do
    q = @object.call(1)
    q.send(@method, 1)
    t = Thread.new do
      begin
        q.send(@method, 2)
      rescue => e
        e.message
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    t.raise("interrupted push")
    t.value.should == "interrupted push"
    q.size.should == 1
    q.num_waiting.should == 0
  end

  it "is interruptible by Thread#kill while blocked, without pushing its item" do
    q = @object.call(1)
    q.send(@method, 1)
    t = Thread.new { q.send(@method, 2) }
    ThreadSpecs.wait_until_sleeping(t)
    t.kill
    t.join
    t.alive?.should == false
    q.num_waiting.should == 0
    q.pop.should == 1
    q.size.should == 0
  end
end

# push/enq only: the non_block and timeout: arguments
describe :sized_queue_enq_args, shared: true do
  it "raises ThreadError when full and non_block is true" do
    q = @object.call(1)
    q.send(@method, 1, true)
    -> { q.send(@method, 2, true) }.should raise_error(ThreadError, "queue full")
    q.size.should == 1
  end

  it "raises ClosedQueueError when closed, also with non_block" do
    q = @object.call(1)
    q.close
    -> { q.send(@method, 2, true) }.should raise_error(ClosedQueueError, "queue closed")
  end

  it "blocks when full and non_block is false" do
    q = @object.call(1)
    q.send(@method, 1, false)
    -> { q.send(@method, 2, false) }.should block_caller
  end

  ruby_version_is "3.2" do
    it "returns nil when the timeout elapses on a full queue" do
      q = @object.call(1)
      q.send(@method, 1)
      q.send(@method, 2, timeout: 0.001).should be_nil
      q.send(@method, 2, timeout: 0).should be_nil
      q.size.should == 1
    end

    it "returns self when there is room" do
      q = @object.call(1)
      q.send(@method, 1, timeout: 0).should equal(q)
    end

    it "pushes when room appears before the timeout" do
      q = @object.call(1)
      q.send(@method, 1)
      t = Thread.new { q.send(@method, 2, timeout: 60) }
      ThreadSpecs.wait_until_sleeping(t)
      q.pop.should == 1
      t.value.should equal(q)
      q.pop.should == 2
    end

    it "raises ArgumentError together with non_block = true" do
      q = @object.call(1)
      -> { q.send(@method, 1, true, timeout: 1) }.should raise_error(ArgumentError, "can't set a timeout if non_block is enabled")
    end

    it "raises ClosedQueueError for a closed queue" do
      q = @object.call(1)
      q.close
      -> { q.send(@method, 1, timeout: 0) }.should raise_error(ClosedQueueError, "queue closed")
    end
  end
end
