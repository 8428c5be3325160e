require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread.report_on_exception" do
  it "is true (set by spec_helper, and the default since Ruby 2.5)" do
    Thread.report_on_exception.should == true
  end
end

describe "Thread.report_on_exception=" do
  before :each do
    @saved = Thread.report_on_exception
  end

  after :each do
    Thread.report_on_exception = @saved
  end

  it "sets the default for threads created afterwards" do
    Thread.report_on_exception = false
    Thread.new { Thread.current.report_on_exception }.value.should == false
    Thread.report_on_exception = true
    Thread.new { Thread.current.report_on_exception }.value.should == true
  end
end

describe "Thread#report_on_exception" do
  it "is inherited from Thread.report_on_exception" do
    Thread.new { Thread.current.report_on_exception }.value.should == Thread.report_on_exception
  end

  it "can be read for another thread" do
    t = ThreadSpecs.sleeping_thread
    t.report_on_exception.should == true
    t.report_on_exception = false
    t.report_on_exception.should == false
    ThreadSpecs.kill_and_join(t)
  end
end

describe "Thread#report_on_exception=" do
  it "returns its argument" do
    t = ThreadSpecs.sleeping_thread
    (t.report_on_exception = false).should == false
    ThreadSpecs.kill_and_join(t)
  end

  it "when true prints the exception of a dying thread to $stderr" do
    -> {
      t = Thread.new do
        Thread.current.report_on_exception = true
        raise RuntimeError, "reported failure"
      end
      -> { t.join }.should raise_error(RuntimeError, "reported failure")
    }.should output(nil, /reported failure/)
  end

  it "when false prints nothing for a dying thread" do
    -> {
      t = Thread.new do
        Thread.current.report_on_exception = false
        raise RuntimeError, "silent failure"
      end
      -> { t.join }.should raise_error(RuntimeError, "silent failure")
    }.should output(nil, "")
  end

  it "does not report a killed thread" do
    -> {
      t = ThreadSpecs.sleeping_thread
      t.report_on_exception = true
      ThreadSpecs.kill_and_join(t)
    }.should output(nil, "")
  end
end
