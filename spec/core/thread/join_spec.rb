require_relative '../../spec_helper'
require_relative 'fixtures/classes'

# Deadlock detection ("No live threads left. Deadlock?", e.g. joining a
# thread that sleeps forever with no other thread alive) is fatal for the
# whole process, so it cannot be an example here: the runner's watchdog
# thread keeps the process from ever being deadlocked.  It is covered by
# the golden programs under spec/golden/threads.

describe "Thread#join" do
  it "returns the thread when it is finished" do
    t = Thread.new { 1 }
    t.join.should equal(t)
  end

  it "returns the thread when it was already finished" do
    t = ThreadSpecs.dead_thread
    t.join.should equal(t)
    t.join.should equal(t)
  end

  it "waits for the thread to finish" do
    q = Queue.new
    t = Thread.new { q.pop; :done }
    ThreadSpecs.wait_until_sleeping(t)
    t.alive?.should == true
    q << 1
    t.join
    t.alive?.should == false
    t.value.should == :done
  end

  it "returns nil if the timeout elapses before the thread finishes" do
    t = ThreadSpecs.sleeping_thread
    t.join(0).should be_nil
    t.join(0.01).should be_nil
    t.alive?.should == true
    ThreadSpecs.kill_and_join(t)
  end

  it "returns the thread when it finishes within the timeout" do
    t = Thread.new { :quick }
    t.join(60).should equal(t)
  end

  it "accepts an Integer, a Float or nil timeout" do
    t = ThreadSpecs.dead_thread
    t.join(1).should equal(t)
    t.join(1.5).should equal(t)
    t.join(nil).should equal(t)
  end

  it "accepts a Rational timeout" do
    t = ThreadSpecs.dead_thread
    t.join(Rational(1, 2)).should equal(t)
  end

  it "waits forever with a nil timeout" do
    q = Queue.new
    t = Thread.new { q.pop }
    joiner = Thread.new { t.join(nil) }
    ThreadSpecs.wait_until_sleeping(joiner)
    q << :go
    joiner.value.should equal(t)
  end

  it "raises TypeError for a non-numeric timeout" do
    t = ThreadSpecs.dead_thread
    -> { t.join(:foo) }.should raise_error(TypeError)
    -> { t.join("1") }.should raise_error(TypeError)
  end

  it "raises the exception that terminated the thread" do
    t = Thread.new do
      Thread.current.report_on_exception = false
      raise ArgumentError, "from the thread"
    end
    -> { t.join }.should raise_error(ArgumentError, "from the thread")
  end

  it "raises the thread's exception on every join" do
    t = ThreadSpecs.dead_thread_with_exception("again")
    -> { t.join }.should raise_error(RuntimeError, "again")
    -> { t.join }.should raise_error(RuntimeError, "again")
  end

  it "does not raise for a thread that was killed" do
    t = ThreadSpecs.sleeping_thread
    t.kill
    t.join.should equal(t)
  end

  it "raises a ThreadError when joining the current thread" do
    -> { Thread.current.join }.should raise_error(ThreadError, "Target thread must not be current thread")
  end

  it "raises a ThreadError when a thread joins the main thread" do
    t = Thread.new do
      Thread.current.report_on_exception = false
      Thread.main.join
    end
    -> { t.join }.should raise_error(ThreadError, "Target thread must not be main thread")
  end

  it "can be called by several threads at once on the same thread" do
    q = Queue.new
    target = Thread.new { q.pop; :target }
    joiners = []
    3.times { joiners << Thread.new { target.join.value } }
    joiners.each { |j| ThreadSpecs.wait_until_sleeping(j) }
    q << :go
    joiners.map { |j| j.value }.should == [:target, :target, :target]
  end
end
