require_relative '../../spec_helper'

describe "Fiber#alive?" do
  it "is true for a fiber that has not been resumed" do
    Fiber.new { }.alive?.should == true
  end

  it "is true for a suspended fiber" do
    f = Fiber.new { Fiber.yield }
    f.resume
    f.alive?.should == true
  end

  it "is true for the running fiber, asked from inside" do
    f = Fiber.new { f.alive? }
    f.resume.should == true
  end

  it "is false for a finished fiber" do
    f = Fiber.new { }
    f.resume
    f.alive?.should == false
  end

  it "is false for a fiber that raised" do
    f = Fiber.new { raise "fiber failure" }
    -> { f.resume }.should raise_error(RuntimeError)
    f.alive?.should == false
  end
end
