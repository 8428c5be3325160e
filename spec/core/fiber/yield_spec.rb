require_relative '../../spec_helper'

describe "Fiber.yield" do
  it "suspends the fiber and returns control to the resumer" do
    ScratchPad.record []
    f = Fiber.new do
      ScratchPad << 1
      Fiber.yield
      ScratchPad << 2
    end
    f.resume
    ScratchPad.recorded.should == [1]
    f.resume
    ScratchPad.recorded.should == [1, 2]
  end

  it "passes its argument to resume" do
    Fiber.new { Fiber.yield :to_resume }.resume.should == :to_resume
  end

  it "passes several arguments as an Array" do
    Fiber.new { Fiber.yield 1, 2 }.resume.should == [1, 2]
  end

  it "passes nil without arguments" do
    Fiber.new { Fiber.yield }.resume.should be_nil
  end

  it "returns the argument of the next resume" do
    f = Fiber.new { Fiber.yield }
    f.resume
    f.resume(:from_resume).should == :from_resume
  end

  it "returns several resume arguments as an Array" do
    f = Fiber.new { Fiber.yield }
    f.resume
    f.resume(1, 2).should == [1, 2]
  end

  it "can be called from a method called inside the fiber" do
    obj = Object.new
    def obj.produce(n)
      n.times { |i| Fiber.yield i }
    end
    f = Fiber.new { obj.produce(3); :end }
    [f.resume, f.resume, f.resume, f.resume].should == [0, 1, 2, :end]
  end

  it "raises FiberError outside of any fiber" do
    -> { Fiber.yield }.should raise_error(FiberError, /can't yield from root fiber|attempt to yield on a not resumed fiber/)
  end

  it "makes a generator of values" do
    gen = Fiber.new do
      a, b = 0, 1
      loop do
        Fiber.yield a
        a, b = b, a + b
      end
    end
    (1..10).map { gen.resume }.should == [0, 1, 1, 2, 3, 5, 8, 13, 21, 34]
  end
end
