# Thread#kill, #exit, #terminate (called as t.send(@method))
describe :thread_exit, shared: true do
  before :each do
    ScratchPad.clear
  end

  it "kills a sleeping thread" do
    t = ThreadSpecs.sleeping_thread
    t.send(@method)
    t.join
    t.alive?.should == false
    t.status.should == false
  end

  it "returns the thread" do
    t = ThreadSpecs.sleeping_thread
    t.send(@method).should equal(t)
    t.join
  end

  it "returns the thread when it is already dead" do
    t = ThreadSpecs.dead_thread
    t.send(@method).should equal(t)
  end

  it "makes the thread's value nil" do
    t = ThreadSpecs.sleeping_thread
    t.send(@method)
    t.value.should be_nil
  end

  it "runs the ensure blocks of the killed thread" do
    ScratchPad.record []
    ready = false
    t = Thread.new do
      begin
        begin
          ready = true
          sleep
        ensure
          ScratchPad << :inner
        end
      ensure
        ScratchPad << :outer
      end
    end
    ThreadSpecs.wait_for { ready }
    ThreadSpecs.wait_until_sleeping(t)
    t.send(@method)
    t.join
    ScratchPad.recorded.should == [:inner, :outer]
  end

  it "is not rescued by rescue Exception in the killed thread" do
    ScratchPad.record []
    t = Thread.new do
      begin
        sleep
      rescue Exception
        ScratchPad << :rescued
      end
      ScratchPad << :after
    end
    ThreadSpecs.wait_until_sleeping(t)
    t.send(@method)
    t.join
    ScratchPad.recorded.should == []
  end

  it "kills the current thread when called on Thread.current from inside" do
    ScratchPad.record []
    t = Thread.new do
      ScratchPad << :before
      Thread.current.send(@method)
      ScratchPad << :after
    end
    t.join
    ScratchPad.recorded.should == [:before]
    t.status.should == false
  end

  it "kills a thread that is blocked in Thread#join" do
    sleeper = ThreadSpecs.sleeping_thread
    joiner = Thread.new { sleeper.join }
    ThreadSpecs.wait_until_sleeping(joiner)
    joiner.send(@method)
    joiner.join.should equal(joiner)
    joiner.alive?.should == false
    sleeper.alive?.should == true
    ThreadSpecs.kill_and_join(sleeper)
  end

  it "kills a thread that is blocked on Queue#pop" do
    q = Queue.new
    t = Thread.new { q.pop }
    ThreadSpecs.wait_until_sleeping(t)
    t.send(@method)
    t.join
    t.alive?.should == false
    q.num_waiting.should == 0
  end

  it "kills a running (busy) thread" do
    s = ThreadSpecs::Spinner.new
    s.thread.send(@method)
    s.thread.join
    s.thread.alive?.should == false
    s.thread.value.should be_nil
  end

  it "sets the status to aborting while the ensure block runs" do
    t = Thread.new do
      begin
        sleep
      ensure
        ScratchPad.record Thread.current.status
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    t.send(@method)
    t.join
    ScratchPad.recorded.should == "aborting"
  end
end
