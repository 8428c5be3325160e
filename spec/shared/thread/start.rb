# Thread.start and Thread.fork
describe :thread_start, shared: true do
  before :each do
    ScratchPad.clear
  end

  it "raises an ArgumentError if not passed a block" do
    -> { Thread.send(@method) }.should raise_error(ArgumentError)
  end

  it "spawns a new Thread running the block" do
    run = false
    t = Thread.send(@method) { run = true }
    t.should be_kind_of(Thread)
    t.join
    run.should == true
  end

  it "passes its arguments to the block" do
    t = Thread.send(@method, 1, :two, "three") { |a, b, c| [a, b, c] }
    t.value.should == [1, :two, "three"]
  end

  it "does not call #initialize of a subclass" do
    t = ThreadSpecs::InitRecordingThread.send(@method) { :ok }
    t.value.should == :ok
    ScratchPad.recorded.should be_nil
    t.should be_an_instance_of(ThreadSpecs::InitRecordingThread)
  end
end
