require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread.new" do
  it "creates a thread executing the given block" do
    t = Thread.new { :result }
    t.should be_an_instance_of(Thread)
    t.value.should == :result
  end

  it "passes its arguments to the block" do
    t = Thread.new(1, [2, 3], "four") { |a, b, c| [a, b, c] }
    t.value.should == [1, [2, 3], "four"]
  end

  it "passes the very same argument objects" do
    obj = Object.new
    Thread.new(obj) { |o| o }.value.should equal(obj)
  end

  it "raises a ThreadError if not passed a block" do
    -> { Thread.new }.should raise_error(ThreadError, "must be called with a block")
  end

  it "can be called many times, each thread getting its own value" do
    threads = []
    10.times { |i| threads << Thread.new(i) { |x| x * x } }
    threads.map { |t| t.value }.should == [0, 1, 4, 9, 16, 25, 36, 49, 64, 81]
  end

  it "creates a thread that sees the local variables of the enclosing scope" do
    shared = [1]
    Thread.new { shared << 2 }.join
    shared.should == [1, 2]
  end

  it "creates threads in the current thread's group" do
    Thread.new { Thread.current.group }.value.should == Thread.current.group
  end

  it "calls #initialize of a subclass, which must call super with the block" do
    t = ThreadSpecs::SubThread.new(1, 2) { |a, b| a + b }
    t.should be_kind_of(ThreadSpecs::SubThread)
    t.should be_kind_of(Thread)
    t.args.should == [1, 2]
    t.value.should == 3
  end

  it "raises a ThreadError when a subclass's #initialize does not call super" do
    -> { ThreadSpecs::NoSuperThread.new { 1 } }.should raise_error(ThreadError, /uninitialized thread/)
  end

  it "allows a subclass to add methods used from inside the thread" do
    klass = Class.new(Thread) do
      def doubled(x)
        x * 2
      end
    end
    t = klass.new { Thread.current.doubled(21) }
    t.value.should == 42
    Thread.current.should_not be_kind_of(klass)
  end

  it "returns a thread that eventually runs even if never joined" do
    q = Queue.new
    Thread.new { q << :ran }
    q.pop.should == :ran
  end
end
