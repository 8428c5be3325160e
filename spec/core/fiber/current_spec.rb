require_relative '../../spec_helper'

describe "Fiber.current" do
  it "returns a Fiber" do
    Fiber.current.should be_kind_of(Fiber)
  end

  it "returns the running fiber inside a fiber" do
    f = Fiber.new { Fiber.current }
    f.resume.should equal(f)
  end

  it "returns the same root fiber again after a fiber finishes" do
    root = Fiber.current
    Fiber.new { }.resume
    Fiber.current.should equal(root)
  end

  it "is alive" do
    Fiber.current.alive?.should == true
  end
end
