# Thread#wakeup and Thread#run
describe :thread_wakeup, shared: true do
  it "wakes up a thread sleeping in Kernel#sleep" do
    t = Thread.new { sleep; :woke }
    ThreadSpecs.wait_until_sleeping(t)
    t.send(@method)
    t.value.should == :woke
  end

  it "wakes up a thread stopped with Thread.stop" do
    t = Thread.new { Thread.stop; :woke }
    ThreadSpecs.wait_until_sleeping(t)
    t.send(@method)
    t.value.should == :woke
  end

  it "makes sleep return an Integer" do
    t = Thread.new { sleep }
    ThreadSpecs.wait_until_sleeping(t)
    t.send(@method)
    t.value.should be_kind_of(Integer)
  end

  it "returns the thread" do
    t = ThreadSpecs.sleeping_thread
    t.send(@method).should equal(t)
    ThreadSpecs.kill_and_join(t)
  end

  it "raises a ThreadError when the thread is dead" do
    t = ThreadSpecs.dead_thread
    -> { t.send(@method) }.should raise_error(ThreadError, "killed thread")
  end

  it "does not make a thread blocked on a Queue return early" do
    q = Queue.new
    t = Thread.new { q.pop }
    ThreadSpecs.wait_until_sleeping(t)
    t.send(@method)
    Thread.pass
    q << :item
    t.value.should == :item
  end
end
