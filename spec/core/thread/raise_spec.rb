require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread#raise" do
  before :each do
    ScratchPad.clear
  end

  it "raises a RuntimeError with the message in a sleeping thread" do
    t = Thread.new do
      begin
        sleep
      rescue => e
        e
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    t.raise("woken by raise")
    e = t.value
    e.should be_an_instance_of(RuntimeError)
    e.message.should == "woken by raise"
  end

  it "raises a RuntimeError when called without arguments" do
    t = Thread.new do
      begin
        sleep
      rescue => e
        e
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    t.raise
    t.value.should be_an_instance_of(RuntimeError)
  end

  it "accepts an exception class and a message" do
    t = Thread.new do
      begin
        sleep
      rescue ArgumentError => e
        [e.class, e.message]
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    t.raise(ArgumentError, "bad arg")
    t.value.should == [ArgumentError, "bad arg"]
  end

  it "accepts an exception object" do
    exc = IndexError.new("the object")
    t = Thread.new do
      begin
        sleep
      rescue IndexError => e
        e
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    t.raise(exc)
    t.value.should equal(exc)
  end

  it "raises a TypeError for an argument that is not an exception" do
    t = ThreadSpecs.sleeping_thread
    -> { t.raise(1) }.should raise_error(TypeError, "exception class/object expected")
    ThreadSpecs.kill_and_join(t)
  end

  it "interrupts a thread blocked on Queue#pop" do
    q = Queue.new
    t = Thread.new do
      begin
        q.pop
      rescue => e
        e.message
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    t.raise("stop popping")
    t.value.should == "stop popping"
    q.num_waiting.should == 0
  end

  it "interrupts a thread blocked on Mutex#lock" do
    m = Mutex.new
    m.lock
    t = Thread.new do
      begin
        m.lock
        :locked
      rescue => e
        e.message
      end
    end
    ThreadSpecs.wait_until_sleeping(t)
    t.raise("stop locking")
    t.value.should == "stop locking"
    m.owned?.should == true
    m.unlock
  end

  it "interrupts a running (busy) thread" do
    started = false
    t = Thread.new do
      begin
        started = true
        i = 0
        while true
          i += 1
        end
      rescue => e
        e.message
      end
    end
    ThreadSpecs.wait_for { started }
    t.raise("stop spinning")
    t.value.should == "stop spinning"
  end

  it "runs the ensure blocks of the target thread" do
    t = Thread.new do
      begin
        sleep
      ensure
        ScratchPad.record :ensured
      end
    end
    t.report_on_exception = false
    ThreadSpecs.wait_until_sleeping(t)
    t.raise("x")
    -> { t.join }.should raise_error(RuntimeError, "x")
    ScratchPad.recorded.should == :ensured
  end

  it "terminates the thread when the exception is not rescued" do
    t = ThreadSpecs.sleeping_thread
    t.report_on_exception = false
    t.raise(ArgumentError, "unrescued")
    -> { t.join }.should raise_error(ArgumentError, "unrescued")
    t.status.should be_nil
  end

  it "returns nil for a dead thread and does nothing" do
    t = ThreadSpecs.dead_thread(:v)
    t.raise("ignored").should be_nil
    t.value.should == :v
  end

  it "raises the exception in the current thread when called on Thread.current" do
    -> { Thread.current.raise(ArgumentError, "self raise") }.should raise_error(ArgumentError, "self raise")
  end

  it "can be rescued and the thread can go on" do
    q = Queue.new
    t = Thread.new do
      begin
        sleep
      rescue
        ScratchPad.record :rescued
      end
      q.pop
    end
    ThreadSpecs.wait_until_sleeping(t)
    t.raise("once")
    ThreadSpecs.wait_until_sleeping(t)
    q << :continued
    t.value.should == :continued
    ScratchPad.recorded.should == :rescued
  end
end
