# Queue#pop, #shift, #deq (and the same on SizedQueue)
describe :queue_deq, shared: true do
  it "removes an item from the queue" do
    q = @object.call
    q << Object.new
    q.size.should == 1
    q.send(@method)
    q.size.should == 0
  end

  it "returns items in the order they were added" do
    q = @object.call
    q << 1
    q << 2
    q.send(@method).should == 1
    q.send(@method).should == 2
  end

  it "blocks the thread until there are items in the queue" do
    q = @object.call
    t = Thread.new { q.send(@method) }
    ThreadSpecs.wait_until_sleeping(t).should == true
    t.alive?.should == true
    q << :arrived
    t.value.should == :arrived
  end

  it "blocks the caller while the queue is empty" do
    q = @object.call
    -> { q.send(@method) }.should block_caller
  end

  it "returns nil for a closed empty queue" do
    q = @object.call
    q.close
    q.send(@method).should be_nil
  end

  it "returns the remaining items of a closed queue, then nil" do
    q = @object.call
    q << 1
    q << 2
    q.close
    q.send(@method).should == 1
    q.send(@method).should == 2
    q.send(@method).should be_nil
  end

  it "returns nil in a waiting thread when the queue is closed" do
    q = @object.call
    t = Thread.new { q.send(@method) }
    ThreadSpecs.wait_until_sleeping(t)
    q.close
    t.value.should be_nil
  end

  it "wakes every waiting thread when the queue is closed" do
    q = @object.call
    threads = []
    4.times { threads << Thread.new { [q.send(@method)] } }
    threads.each { |t| ThreadSpecs.wait_until_sleeping(t) }
    q.num_waiting.should == 4
    q.close
    threads.map { |t| t.value }.should == [[nil], [nil], [nil], [nil]]
    q.num_waiting.should == 0
  end

  it "is interruptible by Thread#raise" do
    q = @object.call
    t = Thread.new do
      begin
        q.send(@method)
      rescue => e
        e.message
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    t.raise("interrupted pop")
    t.value.should == "interrupted pop"
    q.num_waiting.should == 0
  end

  it "is interruptible by Thread#kill, leaving later items to other poppers" do
    q = @object.call
    ScratchPad.clear
    t = Thread.new do
      begin
        q.send(@method)
      ensure
        ScratchPad.record :ensure_ran
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    t.kill
    t.join
    ScratchPad.recorded.should == :ensure_ran
    q.num_waiting.should == 0
    q << :item
    q.send(@method).should == :item
  end

  describe "in non-blocking mode" do
    it "removes an item from the queue" do
      q = @object.call
      q << :x
      q.send(@method, true).should == :x
      q.size.should == 0
    end

    it "raises a ThreadError if the queue is empty" do
      q = @object.call
      -> { q.send(@method, true) }.should raise_error(ThreadError, "queue empty")
    end

    it "raises a ThreadError for a closed empty queue" do
      q = @object.call
      q.close
      -> { q.send(@method, true) }.should raise_error(ThreadError, "queue empty")
    end

    it "blocks with a false non_block argument" do
      q = @object.call
      -> { q.send(@method, false) }.should block_caller
    end
  end

  ruby_version_is "3.2" do
    describe "with a timeout" do
      it "returns an item that is already there" do
        q = @object.call
        q << :ready
        q.send(@method, timeout: 1).should == :ready
      end

      it "returns nil when the timeout elapses" do
        q = @object.call
        q.send(@method, timeout: 0.001).should be_nil
      end

      it "returns nil at once with a zero timeout" do
        q = @object.call
        q.send(@method, timeout: 0).should be_nil
      end

      it "returns an item pushed while waiting" do
        q = @object.call
        t = Thread.new { q.send(@method, timeout: 60) }
        ThreadSpecs.wait_until_sleeping(t)
        q << :in_time
        t.value.should == :in_time
      end

      it "returns nil for a closed empty queue" do
        q = @object.call
        q.close
        q.send(@method, timeout: 1).should be_nil
      end

      it "raises ArgumentError together with non_block = true" do
        q = @object.call
        -> { q.send(@method, true, timeout: 1) }.should raise_error(ArgumentError, "can't set a timeout if non_block is enabled")
      end

      it "raises TypeError for a non-numeric timeout" do
        q = @object.call
        -> { q.send(@method, timeout: "1") }.should raise_error(TypeError)
      end
    end
  end
end
