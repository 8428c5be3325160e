require_relative '../../spec_helper'
require_relative 'fixtures/classes'

module ThreadBacktraceSpecs
  def self.deep_sleep = sleep
  def self.spin(q)
    q << :spinning
    loop { }
  end
end

describe "Thread#backtrace" do
  it "returns the current thread's frames, innermost first" do
    bt = Thread.current.backtrace
    bt.should be_kind_of(Array)
    bt.first.should =~ /backtrace/
  end

  it "returns the frames of a sleeping thread, innermost first" do
    t = Thread.new { ThreadBacktraceSpecs.deep_sleep }
    ThreadSpecs.wait_until_sleeping(t)
    bt = t.backtrace
    bt.size.should == 3
    bt[0].should =~ /sleep/
    bt[1].should =~ /deep_sleep/
    bt[2].should =~ /block/
    bt.each { |line| line.should =~ /backtrace_spec\.rb:\d+:in / }
    ThreadSpecs.kill_and_join(t)
  end

  it "returns the frames of a running thread" do
    q = Queue.new
    t = Thread.new { ThreadBacktraceSpecs.spin(q) }
    q.pop
    bt = t.backtrace
    bt.any? { |line| line =~ /spin/ }.should == true
    ThreadSpecs.kill_and_join(t)
  end

  it "returns the frames of the fiber the thread runs" do
    t = Thread.new { Fiber.new { sleep }.resume }
    ThreadSpecs.wait_until_sleeping(t)
    bt = t.backtrace
    bt.size.should == 2
    bt[0].should =~ /sleep/
    bt[1].should =~ /block \(\d levels\)/
    ThreadSpecs.kill_and_join(t)
  end

  it "takes a start and a length like Kernel#caller" do
    t = Thread.new { ThreadBacktraceSpecs.deep_sleep }
    ThreadSpecs.wait_until_sleeping(t)
    t.backtrace(1).size.should == 2
    t.backtrace(1, 1).size.should == 1
    t.backtrace(1, 1)[0].should =~ /deep_sleep/
    t.backtrace(0..0)[0].should =~ /sleep/
    ThreadSpecs.kill_and_join(t)
  end

  it "returns nil for a dead thread" do
    ThreadSpecs.dead_thread.backtrace.should == nil
  end
end

describe "Thread#backtrace_locations" do
  it "returns Thread::Backtrace::Location objects for another thread" do
    t = Thread.new { ThreadBacktraceSpecs.deep_sleep }
    ThreadSpecs.wait_until_sleeping(t)
    locs = t.backtrace_locations
    locs.size.should == 3
    locs.each { |l| l.should be_kind_of(Thread::Backtrace::Location) }
    locs[1].path.should =~ /backtrace_spec\.rb\z/
    locs[1].label.should =~ /deep_sleep/
    locs[1].lineno.should == 5
    t.backtrace_locations(2).size.should == 1
    ThreadSpecs.kill_and_join(t)
  end

  it "returns nil for a dead thread" do
    ThreadSpecs.dead_thread.backtrace_locations.should == nil
  end
end
