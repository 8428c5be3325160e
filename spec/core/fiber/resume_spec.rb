require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'

describe "Fiber#resume" do
  it "runs the fiber and returns the value of its block" do
    Fiber.new { :last }.resume.should == :last
  end

  it "passes its arguments to the block on the first resume" do
    Fiber.new { |a, b| [a, b] }.resume(1, 2).should == [1, 2]
  end

  it "returns the value passed to Fiber.yield" do
    f = Fiber.new { Fiber.yield :yielded; :finished }
    f.resume.should == :yielded
    f.resume.should == :finished
  end

  it "makes Fiber.yield return its argument on later resumes" do
    f = Fiber.new { Fiber.yield + 1 }
    f.resume
    f.resume(41).should == 42
  end

  it "returns nil when the block is empty" do
    Fiber.new { }.resume.should be_nil
  end

  it "raises FiberError when resuming a finished fiber" do
    f = Fiber.new { }
    f.resume
    -> { f.resume }.should raise_error(FiberError, /attempt to resume a terminated fiber|dead fiber called/)
  end

  it "raises FiberError when a fiber resumes itself" do
    f = Fiber.new { f.resume }
    -> { f.resume }.should raise_error(FiberError, "attempt to resume the current fiber")
  end

  it "raises FiberError when resuming a fiber that is resuming another (double resume)" do
    outer = nil
    inner = Fiber.new { outer.resume }
    outer = Fiber.new { inner.resume }
    -> { outer.resume }.should raise_error(FiberError, /double resume/)
  end

  it "propagates an exception raised in the fiber and kills it" do
    f = Fiber.new { raise ArgumentError, "in fiber" }
    -> { f.resume }.should raise_error(ArgumentError, "in fiber")
    f.alive?.should == false
  end

  it "raises FiberError when the fiber belongs to another thread" do
    f = Fiber.new { :never }
    t = Thread.new do
      Thread.current.report_on_exception = false
      f.resume
    end
    -> { t.join }.should raise_error(FiberError, "fiber called across threads")
  end

  it "runs nested fibers" do
    inner = Fiber.new { Fiber.yield :inner_yield; :inner_done }
    outer = Fiber.new { [inner.resume, Fiber.yield(:outer_yield), inner.resume] }
    outer.resume.should == :outer_yield
    outer.resume(:back).should == [:inner_yield, :back, :inner_done]
  end
end
