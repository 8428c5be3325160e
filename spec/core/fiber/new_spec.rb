require_relative '../../spec_helper'

describe "Fiber.new" do
  it "creates a fiber from the block" do
    f = Fiber.new { }
    f.should be_an_instance_of(Fiber)
  end

  it "does not run the block until resumed" do
    ScratchPad.record []
    f = Fiber.new { ScratchPad << :ran }
    ScratchPad.recorded.should == []
    f.resume
    ScratchPad.recorded.should == [:ran]
  end

  it "raises an ArgumentError without a block" do
    -> { Fiber.new }.should raise_error(ArgumentError)
  end

  it "creates a fiber that closes over local variables" do
    x = 1
    f = Fiber.new { x += 1 }
    f.resume
    x.should == 2
  end

  it "can be subclassed" do
    klass = Class.new(Fiber)
    f = klass.new { :sub }
    f.should be_kind_of(Fiber)
    f.resume.should == :sub
  end

  it "creates fibers that run inside a thread" do
    t = Thread.new do
      f = Fiber.new { |a| Fiber.yield(a * 2); :done }
      [f.resume(21), f.resume, f.alive?]
    end
    t.value.should == [42, :done, false]
  end

  it "lets many threads each drive their own fibers" do
    threads = []
    4.times do |n|
      threads << Thread.new do
        f = Fiber.new do
          sum = 0
          10.times { |i| sum += Fiber.yield(i) }
          sum
        end
        r = f.resume
        10.times { |i| r = f.resume(n) }
        r
      end
    end
    threads.map { |t| t.value }.should == [0, 10, 20, 30]
  end
end
