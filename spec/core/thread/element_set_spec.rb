require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread#[]=" do
  after :each do
    Thread.current[:thread_spec_b] = nil
  end

  it "sets a fiber-local variable and returns the value" do
    (Thread.current[:thread_spec_b] = "v").should == "v"
    Thread.current[:thread_spec_b].should == "v"
  end

  it "converts a String key to a Symbol" do
    Thread.current["thread_spec_b"] = 7
    Thread.current[:thread_spec_b].should == 7
    Thread.current.key?(:thread_spec_b).should == true
  end

  it "removes the key when set to nil" do
    Thread.current[:thread_spec_b] = 1
    Thread.current[:thread_spec_b] = nil
    Thread.current.key?(:thread_spec_b).should == false
  end

  it "sets a variable inside a fiber that the thread does not see" do
    Fiber.new { Thread.current[:thread_spec_b] = :in_fiber }.resume
    Thread.current[:thread_spec_b].should be_nil
  end

  it "raises TypeError for a key that is not a Symbol or String" do
    -> { Thread.current[1] = 2 }.should raise_error(TypeError, /\A1 is not a symbol/)
  end

  it "raises FrozenError on a frozen thread" do
    t = Thread.new { }
    t.join
    t.freeze
    -> { t[:thread_spec_b] = 1 }.should raise_error(FrozenError)
  end
end
